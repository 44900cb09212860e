-- :ThumbIndexSort — puts a buffer's entries (or those of a range) into the order of its outline, by
-- the server's code actions of kind source.sortEntries: the action of the right scope is asked for,
-- resolved (codeAction/resolve: the sort is made only then) and its WorkspaceEdit applied.
local lsp = require("thumbindex.client")

local api = vim.api
local M = {}

M.KIND = "source.sortEntries"

local function notify(message, level)
  vim.notify("thumbindex: " .. message, level or vim.log.levels.WARN)
end

--- The number of `encoding` units ("utf-8", "utf-16", "utf-32") in `text` (vim.str_utfindex changed
--- its arguments in 0.11, and its old form is deprecated there).
function M.units(text, encoding)
  if encoding == "utf-8" then
    return #text
  end
  local units, i = 0, 1
  while i <= #text do
    local byte = text:byte(i)
    local length = byte < 0x80 and 1 or byte < 0xE0 and 2 or byte < 0xF0 and 3 or 4
    units = units + ((encoding == "utf-16" and length == 4) and 2 or 1)
    i = i + length
  end
  return units
end

--- The LSP range of lines `first`..`last` (1-based, inclusive) of `buf`: from the start of the first to
--- the end of the last, in the client's encoding.
function M.line_range(buf, first, last, encoding)
  local text = api.nvim_buf_get_lines(buf, last - 1, last, false)[1] or ""
  return {
    start = { line = first - 1, character = 0 },
    ["end"] = { line = last - 1, character = M.units(text, encoding) },
  }
end

-- The scope a sort action sorts ("document", "container", "selection"): its data, or the data its
-- command carries (a client that does not resolve), else nil.
local function scope_of(action)
  local data = action.data
  if data == nil and type(action.command) == "table" and type(action.command.arguments) == "table" then
    data = action.command.arguments[1]
  end
  return type(data) == "table" and data.scope or nil
end

--- The sort action of `scope` among `actions` (a codeAction result), or nil.
function M.pick(actions, scope)
  for _, action in ipairs(type(actions) == "table" and actions or {}) do
    if action.kind == M.KIND and scope_of(action) == scope then
      return action
    end
  end
  return nil
end

-- The number of text edits of a WorkspaceEdit.
local function edit_count(edit)
  local count = 0
  for _, edits in pairs(edit.changes or {}) do
    count = count + #edits
  end
  for _, change in ipairs(edit.documentChanges or {}) do
    count = count + #(change.edits or {})
  end
  return count
end

local function error_text(err)
  return type(err) == "table" and (err.message or vim.inspect(err)) or tostring(err)
end

-- Applies a resolved action's edit; `done(ok, message)` when given.
local function apply(client, action, done)
  local edit = action.edit
  if type(edit) ~= "table" then
    return done(false, "the server sent no edit for " .. tostring(action.title))
  end
  if edit_count(edit) == 0 then
    return done(true, "the entries are in order already")
  end
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding or "utf-16")
  done(true, nil)
end

--- Sorts the entries of `buf`: the whole document, or (with `first` and `last`, 1-based lines) the
--- entries those lines touch. `done(ok, message)` is called at the end (by default a message tells
--- what went wrong, or that nothing needed to move).
function M.sort(buf, first, last, done)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  done = done or function(ok, message)
    if message then
      notify(message, ok and vim.log.levels.INFO or vim.log.levels.WARN)
    end
  end
  local scope = first and "selection" or "document"
  lsp.when_ready(buf, function(client, problem)
    if not client then
      return done(false, problem)
    end
    local encoding = client.offset_encoding or "utf-16"
    local range
    if first then
      range = M.line_range(buf, first, last, encoding)
    else
      local line = api.nvim_win_get_buf(0) == buf and api.nvim_win_get_cursor(0)[1] or 1
      range = M.line_range(buf, line, line, encoding)
      range["end"] = range.start
    end
    local params = {
      textDocument = lsp.text_document(buf),
      range = range,
      context = { diagnostics = {}, only = { M.KIND } },
    }
    lsp.request(client, buf, "textDocument/codeAction", params, function(err, actions)
      if err then
        return done(false, "sort: " .. error_text(err))
      end
      local action = M.pick(actions, scope)
      if not action then
        return done(false, "the server offers no sort for this buffer (its format is not one whose entries sort)")
      end
      if action.edit then
        return apply(client, action, done)
      end
      -- The edit is made when resolved (the plugin announces resolveSupport for edit). A client the
      -- server did not take as resolving gets the command instead: its data is the action's.
      local resolvable = vim.deepcopy(action)
      if resolvable.data == nil and type(action.command) == "table" then
        resolvable.data = action.command.arguments[1]
        resolvable.command = nil
      end
      lsp.request(client, buf, "codeAction/resolve", resolvable, function(resolve_err, resolved)
        if resolve_err then
          return done(false, "sort: " .. error_text(resolve_err))
        end
        apply(client, resolved or {}, done)
      end)
    end)
  end)
end

--- The client capabilities the plugin starts the server with: Neovim's, with codeAction/resolve of
--- "edit" announced (so listing the sorts costs nothing and the sort is made when one is chosen).
function M.capabilities()
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  capabilities.textDocument = capabilities.textDocument or {}
  local code_action = capabilities.textDocument.codeAction or {}
  capabilities.textDocument.codeAction = code_action
  code_action.dataSupport = true
  code_action.resolveSupport = code_action.resolveSupport or { properties = {} }
  local properties = code_action.resolveSupport.properties
  if not vim.tbl_contains(properties, "edit") then
    table.insert(properties, "edit")
  end
  return capabilities
end

return M
