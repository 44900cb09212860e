-- Run by test_lsp_config.lua in a Neovim of its own, started with only editors/nvim and Neovim's
-- runtime on the runtime path and no plugin script: what a user gets from Neovim's own client with
-- the lines of :help thumbindex-lsp-enable (or -lsp-start), in the file THUMBINDEX_CHILD_SETUP.
-- Opens each file of THUMBINDEX_CHILD_FILES (separated by newlines), asks the server for its
-- documentSymbol outline, and writes what it saw to THUMBINDEX_CHILD_OUT as JSON, then quits (on an
-- error too: the error is in the JSON).
local result = { deprecated = {}, files = {} }

-- As in the suite: a deprecated API is an error, and recorded.
vim.deprecate = function(name)
  table.insert(result.deprecated, name)
  error(name .. " is deprecated", 2)
end

local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local client
  local ready = vim.wait(15000, function()
    client = vim.lsp.get_clients({ bufnr = buf, name = "thumbindex" })[1]
    return client ~= nil and client.initialized
  end, 10)
  if not ready then
    error(path .. ": the server did not attach within 15 s (see " .. vim.lsp.get_log_path() .. ")")
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  local response, err = client:request_sync("textDocument/documentSymbol", params, 10000, buf)
  if not response or response.err then
    error(path .. ": documentSymbol: " .. vim.inspect(err or response.err))
  end
  table.insert(result.files, { filetype = vim.bo[buf].filetype, symbols = response.result })
  return client
end

local function run()
  vim.cmd("filetype on")
  dofile(os.getenv("THUMBINDEX_CHILD_SETUP"))
  local client
  for _, path in ipairs(vim.split(os.getenv("THUMBINDEX_CHILD_FILES"), "\n", { trimempty = true })) do
    client = open(path)
  end
  result.clients = #vim.lsp.get_clients({ name = "thumbindex" })
  result.root_dir = client.root_dir
  result.plugin_loaded = vim.g.loaded_thumbindex ~= nil or package.loaded["thumbindex"] ~= nil
  result.runtimepath = vim.o.runtimepath
  -- The initializationOptions the server started with (before_init may add to init_options).
  local params = { initializationOptions = client.config.init_options }
  if client.config.before_init then
    client.config.before_init(params, client.config)
  end
  result.initialization_options = params.initializationOptions
end

local ok, err = xpcall(run, debug.traceback)
result.error = not ok and tostring(err) or nil
local file = assert(io.open(os.getenv("THUMBINDEX_CHILD_OUT"), "w"))
file:write(vim.json.encode(result))
file:close()
for _, client in ipairs(vim.lsp.get_clients()) do
  client:stop(true)
end
vim.cmd("qall!")
