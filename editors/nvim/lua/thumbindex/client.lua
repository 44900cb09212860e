-- Starting the language server, or finding the one already running, and attaching it to buffers.
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")

local M = {}

M.name = "thumbindex"

--- The LSP error ContentModified: a thumbindex/entries request for a version the document is no
--- longer at.
M.CONTENT_MODIFIED = -32801

-- The directory the first client was started in: one server serves every buffer of the session.
local root_dir

--- The initializationOptions sent to the server (and the settings of didChangeConfiguration): the
--- `settings` option under "thumbindex", nested, without those left to the server.
function M.init_options()
  return { thumbindex = config.server_settings() }
end

local function lsp_config()
  local options = config.get()
  root_dir = root_dir or vim.fn.getcwd()
  return {
    name = M.name,
    cmd = options.cmd,
    root_dir = root_dir,
    init_options = M.init_options(),
    get_language_id = function(_, filetype)
      return config.language_id(filetype)
    end,
    flags = { debounce_text_changes = 80 },
  }
end

-- vim.lsp.start (0.9+) reuses a running client of the same name, whatever the folder.
local function reuse_client(client, conf)
  return client.name == conf.name and not compat.is_stopped(client)
end

-- The client this module started (0.7 lists a client only once it is initialized).
local started_id

--- The running thumbindex client, if any (attached to `bufnr` when given).
function M.get(bufnr)
  for _, client in ipairs(compat.get_clients(M.name, bufnr)) do
    if not compat.is_stopped(client) then
      return client
    end
  end
  return nil
end

--- Why the server cannot be started, or nil when its program is executable.
function M.check_cmd()
  local cmd = config.get().cmd
  if type(cmd) ~= "table" or type(cmd[1]) ~= "string" then
    return "the cmd option must be a list such as { \"thumbindex\" }"
  end
  if vim.fn.executable(cmd[1]) ~= 1 then
    return string.format("%s is not executable (set the cmd option, or put thumbindex on PATH)", cmd[1])
  end
  return nil
end

--- Starts the server (or reuses the running one) and attaches it to `bufnr`.
--- Returns the client id, or nil and a message.
function M.attach(bufnr)
  bufnr = bufnr == 0 and vim.api.nvim_get_current_buf() or bufnr
  local problem = M.check_cmd()
  if problem then
    return nil, problem
  end
  local conf = lsp_config()
  if vim.lsp.start then
    local ok, id = pcall(vim.lsp.start, conf, { bufnr = bufnr, reuse_client = reuse_client })
    if ok and id then
      return id
    end
    return nil, "the server did not start: " .. tostring(id)
  end
  -- Neovim 0.7: start once, attach each buffer.
  local client = started_id and vim.lsp.get_client_by_id(started_id)
  local id = client and not compat.is_stopped(client) and client.id
  if not id then
    local ok, started = pcall(vim.lsp.start_client, conf)
    if not ok or not started then
      return nil, "the server did not start: " .. tostring(started)
    end
    id = started
    started_id = id
  end
  if not vim.lsp.buf_is_attached(bufnr, id) then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Calls `callback(client)` once the server has been initialized and told about `bufnr`, or
--- `callback(nil, message)` when that does not happen within `timeout` ms.
function M.when_ready(bufnr, callback, timeout)
  local id, problem = M.attach(bufnr)
  if not id then
    callback(nil, problem)
    return
  end
  local deadline = compat.uv.now() + (timeout or 10000)
  local function poll()
    local client = vim.lsp.get_client_by_id(id)
    if not client or compat.is_stopped(client) then
      callback(nil, "the server stopped")
    elseif client.initialized and vim.lsp.buf_is_attached(bufnr, id) then
      callback(client)
    elseif compat.uv.now() > deadline then
      callback(nil, "the server did not answer initialize in time")
    else
      vim.defer_fn(poll, 20)
    end
  end
  poll()
end

--- The textDocument parameter for a buffer.
function M.text_document(bufnr)
  return { uri = vim.uri_from_bufnr(bufnr) }
end

--- Sends a request about `bufnr`; `handler(err, result)` runs in the main loop.
--- Returns the request id, or nil when it could not be sent.
function M.request(client, bufnr, method, params, handler)
  return compat.request(client, method, params, function(err, result)
    handler(err, result)
  end, bufnr)
end

--- The version the `thumbindex` program reports, or nil and the reason.
function M.program_version()
  local problem = M.check_cmd()
  if problem then
    return nil, problem
  end
  local cmd = config.get().cmd
  local output = vim.fn.system({ cmd[1], "--version" })
  if vim.v.shell_error ~= 0 then
    return nil, vim.trim(output)
  end
  return vim.trim(output)
end

--- Asks the server which locale it sorts by: through the running client, or else through a
--- short-lived one. Returns locale, nil or nil, message.
function M.probe_locale(bufnr)
  local client = M.get(bufnr) or M.get()
  local temporary = false
  if not client then
    local problem = M.check_cmd()
    if problem then
      return nil, problem
    end
    local conf = lsp_config()
    conf.name = M.name .. "-probe"
    local ok, id
    if compat.has("0.11") then
      ok, id = pcall(vim.lsp.start, conf, { attach = false, reuse_client = reuse_client })
    else
      ok, id = pcall(vim.lsp.start_client, conf)
    end
    if not ok or not id then
      return nil, "the server did not start: " .. tostring(id)
    end
    client = vim.lsp.get_client_by_id(id)
    temporary = true
    vim.wait(5000, function()
      return client.initialized or compat.is_stopped(client)
    end, 20)
    if not client.initialized then
      compat.stop_client(client, true)
      return nil, "the server did not answer initialize within 5 s"
    end
  end
  local result, err = compat.request_sync(client, "thumbindex/indexTitles", vim.empty_dict(), 3000)
  if temporary then
    compat.stop_client(client)
  end
  if not result then
    return nil, type(err) == "table" and err.message or tostring(err)
  end
  return result.locale, nil, client
end

return M
