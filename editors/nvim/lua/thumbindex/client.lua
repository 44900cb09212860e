-- Starting the language server, or finding the one already running, and attaching it to buffers.
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local languages = require("thumbindex.languages")

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

-- The settings, dotted ("csv.column" = "city"), as the running server last got them (or as the
-- next one starts with them).
local sent_settings

local function flatten(tree, prefix, found)
  found = found or {}
  for key, value in pairs(tree) do
    if type(value) == "table" and not config.is_list(value) then
      flatten(value, prefix .. key .. ".", found)
    else
      found[prefix .. key] = value
    end
  end
  return found
end

-- Sends the settings of now to an initialized server, which has `before` (dotted). A setting no
-- longer given keeps its value there (a notification changes only the keys it gives, and null
-- counts as not given): the user is told.
local function send_settings(client, before)
  local now = flatten(M.init_options().thumbindex, "")
  local kept = {}
  for key in pairs(before) do
    if now[key] == nil then
      table.insert(kept, key)
    end
  end
  table.sort(kept)
  if #kept > 0 then
    local message = "%s left to the server again: the running server keeps the last value until it restarts"
    vim.notify("thumbindex: " .. string.format(message, table.concat(kept, ", ")), vim.log.levels.INFO)
  end
  compat.notify(client, "workspace/didChangeConfiguration", { settings = M.init_options() })
  sent_settings = now
end

--- The settings changed (setup()): the running server is sent them. A server still starting was
--- started with the settings of before: it is sent them once it has answered initialize (see
--- on_init), as Neovim 0.7 does not even list it until then.
function M.settings_changed()
  local client = M.get()
  if client and client.initialized then
    send_settings(client, sent_settings or {})
  else
    sent_settings = flatten(M.init_options().thumbindex, "")
  end
end

--- The languageId each buffer was last opened with in the server (didOpen), by buffer.
M.sent = {}

--- What the server logged (window/logMessage), for an empty outline to tell why: the last
--- messages with a sequence number, and the languageIds it said it has no reader for.
M.log = { seq = 0, messages = {}, unsupported = {} }

local function remember(message)
  local log = M.log
  log.seq = log.seq + 1
  table.insert(log.messages, { seq = log.seq, text = message })
  if #log.messages > 100 then
    table.remove(log.messages, 1)
  end
  -- Protocol/README.md, textDocument/didOpen: "no entries for languageId X (uri)", once per languageId.
  local id = message:match("no entries for languageId (%S*) %(")
  if id then
    log.unsupported[id] = true
  end
end

-- The levels of vim.notify for the LSP MessageType of window/showMessage and window/logMessage.
local levels = { vim.log.levels.ERROR, vim.log.levels.WARN, vim.log.levels.INFO, vim.log.levels.DEBUG }

-- The warnings told since the settings were last given (each once: a probe of :ThumbIndexInfo
-- starts a server that would say them again).
local told = {}

--- Forgets which warnings were told: setup() calls it, new settings may bring them again.
function M.forget_told()
  told = {}
end

--- Whether a window/logMessage is told to the user with vim.notify: an error or a warning about
--- the session (a bad setting, the locale, MeCab missing...). One about a document (it names its
--- uri: a syntax error, no reader for its languageId) is not: its outline says it, and it would
--- come again with each edit.
function M.tells(type, message)
  return type <= 2 and not message:find("%a[%w+.-]*://") and not told[message]
end

local function tell(message, level)
  told[message] = true
  vim.notify("thumbindex: " .. message, level)
end

--- What the server logged about `uri` after message number `seq`.
function M.said_since(seq, uri)
  local found = {}
  for _, message in ipairs(M.log.messages) do
    if message.seq > seq and message.text:find(uri, 1, true) then
      table.insert(found, message.text)
    end
  end
  return found
end

-- How each client's process ended, by client id (code and signal), for the message of a server
-- that stopped before it was ready.
local exits = {}

-- The workspace folder: the root_dir option made absolute (without a trailing slash), else the
-- directory the first client was started in.
local function workspace_root(options)
  if options.root_dir ~= vim.NIL then
    return (vim.fn.fnamemodify(options.root_dir, ":p"):gsub("(.)/$", "%1"))
  end
  root_dir = root_dir or vim.fn.getcwd()
  return root_dir
end

local function lsp_config()
  local options = config.get()
  local started_with = M.init_options()
  return {
    name = M.name,
    cmd = options.cmd,
    root_dir = workspace_root(options),
    init_options = M.init_options(),
    -- setup() may have changed the settings while the server was starting: it gets those of now.
    on_init = function(client)
      if not vim.deep_equal(started_with, M.init_options()) then
        send_settings(client, flatten(started_with.thumbindex, ""))
      end
    end,
    -- Called when didOpen is sent; a buffer without a filetype is named by its extension.
    get_language_id = function(bufnr)
      local id = languages.language_id(bufnr)
      M.sent[bufnr] = id
      return id
    end,
    handlers = {
      ["window/logMessage"] = function(err, result, ctx, handler_config)
        if type(result) == "table" and type(result.message) == "string" then
          remember(result.message)
          if M.tells(result.type, result.message) then
            tell(result.message, levels[result.type])
          end
        end
        return vim.lsp.handlers["window/logMessage"](err, result, ctx, handler_config)
      end,
      -- Shown with vim.notify (Neovim's own handler writes to the message area, or nothing).
      ["window/showMessage"] = function(_, result)
        if type(result) == "table" and type(result.message) == "string" then
          tell(result.message, levels[result.type] or vim.log.levels.INFO)
        end
        return vim.NIL
      end,
    },
    on_exit = function(code, signal, client_id)
      exits[client_id] = { code = code, signal = signal }
    end,
    flags = { debounce_text_changes = 80 },
    -- Neovim's own, with codeAction/resolve of "edit" (the sort actions: :ThumbIndexSort).
    capabilities = require("thumbindex.sort").capabilities(),
  }
end

-- Why the client `id` is gone: its command and how it ended.
local function stopped_message(id)
  local cmd = table.concat(config.get().cmd, " ")
  local exit = exits[id]
  local how = "stopped"
  if exit and exit.signal ~= 0 then
    how = "was killed by signal " .. exit.signal
  elseif exit then
    how = "exited with code " .. exit.code
  end
  return string.format(
    "the server (%s) %s before it was ready; its error output is in the LSP log (%s)",
    cmd,
    how,
    vim.lsp.get_log_path()
  )
end

-- vim.lsp.start (0.9+) reuses a running client of the same name, whatever the folder.
local function reuse_client(client, conf)
  return client.name == conf.name and not compat.is_stopped(client)
end

-- The client this module started (0.7 lists a client only once it is initialized).
local started_id

-- The ids of every client this module started, initialized or not.
local started_ids = {}

--- Every client this module started that has not been stopped, initialized or not (Neovim 0.7
--- lists a client only once it is initialized).
function M.all()
  local found = {}
  for id in pairs(started_ids) do
    local client = vim.lsp.get_client_by_id(id)
    if client and not compat.is_stopped(client) then
      table.insert(found, client)
    else
      started_ids[id] = nil
    end
  end
  return found
end

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
    local message = "cannot start the server: %s is not executable (set the cmd option, or put thumbindex on PATH)"
    return string.format(message, cmd[1])
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
      started_ids[id] = true
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
    started_ids[id] = true
  end
  if not vim.lsp.buf_is_attached(bufnr, id) then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Opens `bufnr` in the server again when its languageId is no longer the one it was opened with
--- (its filetype changed): didClose, then didOpen with the new languageId and the current text.
--- Returns true when it did.
function M.reopen(bufnr)
  local client = M.get(bufnr)
  local id = languages.language_id(bufnr)
  if not client or not client.initialized or M.sent[bufnr] == nil or M.sent[bufnr] == id then
    return false
  end
  local uri = vim.uri_from_bufnr(bufnr)
  compat.notify(client, "textDocument/didClose", { textDocument = { uri = uri } })
  -- The text as Neovim sends it in its own didOpen.
  local ending = ({ dos = "\r\n", mac = "\r" })[vim.bo[bufnr].fileformat] or "\n"
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), ending)
  if vim.bo[bufnr].eol then
    text = text .. ending
  end
  compat.notify(client, "textDocument/didOpen", {
    textDocument = { uri = uri, languageId = id, version = vim.lsp.util.buf_versions[bufnr] or 0, text = text },
  })
  M.sent[bufnr] = id
  return true
end

--- Calls `callback(client)` once the server has been initialized and told about `bufnr`, or
--- `callback(nil, message)` when that does not happen within `timeout` ms.
function M.when_ready(bufnr, callback, timeout)
  local id, problem = M.attach(bufnr)
  if not id then
    callback(nil, problem)
    return
  end
  M.when_initialized(id, bufnr, callback, timeout)
end

--- Calls `callback(client)` once client `id` has been initialized and is attached to `bufnr`, or
--- `callback(nil, message)` when it stops or that does not happen within `timeout` ms.
function M.when_initialized(id, bufnr, callback, timeout)
  local deadline = compat.uv.now() + (timeout or 10000)
  local function poll()
    local client = vim.lsp.get_client_by_id(id)
    if not client or compat.is_stopped(client) then
      callback(nil, stopped_message(id))
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
    started_ids[id] = true
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
