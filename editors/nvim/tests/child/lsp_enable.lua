-- Run by test_lsp_config.lua in a Neovim of its own, started with only editors/nvim on the runtime
-- path and no plugin script: what a user of Neovim 0.11 gets from lsp/thumbindex.lua alone. Opens
-- THUMBINDEX_CHILD_FILE, asks the server for its documentSymbol outline and writes what it saw to
-- THUMBINDEX_CHILD_OUT as JSON, then quits (on an error too: the error is in the JSON).
local result = { deprecated = {} }

-- As in the suite: a deprecated API is an error, and recorded.
vim.deprecate = function(name)
  table.insert(result.deprecated, name)
  error(name .. " is deprecated", 2)
end

local function run()
  vim.cmd("filetype on")
  vim.lsp.config("thumbindex", { settings = { thumbindex = { locale = "sv_SE" } } })
  vim.lsp.enable("thumbindex")
  if not vim.lsp.config.thumbindex or not vim.lsp.config.thumbindex.cmd then
    error("no lsp/thumbindex.lua on the runtime path: " .. vim.o.runtimepath)
  end
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("THUMBINDEX_CHILD_FILE")))
  local buf = vim.api.nvim_get_current_buf()
  local client
  local ready = vim.wait(15000, function()
    client = vim.lsp.get_clients({ bufnr = buf, name = "thumbindex" })[1]
    return client ~= nil and client.initialized
  end, 10)
  if not ready then
    error("the server did not attach within 15 s (see " .. vim.lsp.get_log_path() .. ")")
  end
  result.filetype = vim.bo[buf].filetype
  result.root_dir = client.root_dir
  result.plugin_loaded = vim.g.loaded_thumbindex ~= nil or package.loaded["thumbindex"] ~= nil
  result.runtimepath = vim.o.runtimepath
  -- What before_init makes of the settings: the initializationOptions the server started with.
  local params = {}
  client.config.before_init(params, client.config)
  result.initialization_options = params.initializationOptions
  local params_ds = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  local response, err = client:request_sync("textDocument/documentSymbol", params_ds, 10000, buf)
  if not response or response.err then
    error("documentSymbol: " .. vim.inspect(err or response.err))
  end
  result.symbols = response.result
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
