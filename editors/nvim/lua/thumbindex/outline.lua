-- The outline side window of a source buffer: its state, opening and closing it, laying it out for
-- the server's sections and refreshing it as the source changes. The parts are elsewhere:
--
--   window.lua    the outline window and what is drawn in it (rows as in layout.lua)
--   paging.lua    its rows filled page by page (the pager of pager.lua, fed by thumbindex/entries)
--   thumb.lua     the thumb index window at its right edge
--   commands.lua  jumps, going to an entry, following the source cursor, the letter keys
--   guard.lua     the outline's windows keep their buffers (:edit there opens in the source window)
local Layout = require("thumbindex.layout")
local commands = require("thumbindex.commands")
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local guard = require("thumbindex.guard")
local languages = require("thumbindex.languages")
local lsp = require("thumbindex.client")
local paging = require("thumbindex.paging")
local thumb = require("thumbindex.thumb")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

--- Outline states by source buffer.
M.states = {}
-- Outline and thumb buffers → their source buffer.
local owner = {}

-- What the outline does, for the commands of init.lua and for tests (see commands.lua, paging.lua).
M.view_changed = paging.view_changed
M.entry_at_line = commands.entry_at_line
M.follow = commands.follow
M.jump = commands.jump
M.go_to_entry = commands.go_to_entry
M.find = commands.find

--- The outline state of a buffer: the buffer's own, or the one it is the outline/thumb of.
function M.state_for(buf)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  return M.states[buf] or M.states[owner[buf] or -1]
end

-- Layout and refresh ---------------------------------------------------------------------------

-- Why the outline of `state.src` is empty, as sentences: what the server logged since message
-- number `since` (the sections request was sent) tells an unknown languageId and other problems.
local function why_empty(state, since)
  local language_id = lsp.sent[state.src] or languages.language_id(state.src)
  local uri = vim.uri_from_bufnr(state.src)
  local said = vim.tbl_filter(function(message)
    return not message:find("no entries for languageId", 1, true)
  end, lsp.said_since(since or 0, uri))
  return languages.why_empty(state.src, language_id, lsp.log.unsupported[language_id] == true, said)
end

--- Lays the outline out for a thumbindex/sections result: every header and a placeholder for every
--- entry at once, so the scrollbar is right from the start; then fetches what is in view. `since`:
--- the number of the server's last log message when the sections were asked for.
function M.lay_out(state, result, since)
  local layout = Layout.new(result)
  local cursor = ui.valid_win(state.outwin) and api.nvim_win_get_cursor(state.outwin)[1] or 1
  if state.pager then
    state.pager:close()
  end
  state.layout, state.entries, state.by_line = layout, {}, {}
  window.draw(state, layout, layout.total == 0 and why_empty(state, since) or nil)
  if layout.total == 0 then
    state.pager = nil
  else
    state.pager = paging.start(state, layout, {
      applied = function()
        commands.follow(state, false)
      end,
      stale = function()
        M.refresh(state)
      end,
    })
  end
  if ui.valid_win(state.outwin) then
    api.nvim_win_set_cursor(state.outwin, { math.min(cursor, api.nvim_buf_line_count(state.outbuf)), 0 })
  end
  commands.map_letters(state)
  window.update_statusline(state)
  thumb.render(state)
  paging.view_changed(state)
end

--- Asks the server for the sections again and lays the outline out anew when they changed (or
--- always, with `force`).
function M.refresh(state, force)
  if state.closed or not state.client then
    return
  end
  state.refresh_seq = (state.refresh_seq or 0) + 1
  local seq = state.refresh_seq
  local params = { textDocument = lsp.text_document(state.src) }
  local since = lsp.log.seq
  lsp.request(state.client, state.src, "thumbindex/sections", params, function(err, result)
    if state.closed or seq ~= state.refresh_seq then
      return
    end
    if err then
      window.set_message(state, { "thumbindex: " .. ui.error_message(err) })
      ui.notify("sections: " .. ui.error_message(err))
      return
    end
    local layout = state.layout
    if not force and layout and layout.version == result.version and layout.total == result.totalCount then
      return
    end
    M.lay_out(state, result, since)
  end)
end

-- Opening and closing --------------------------------------------------------------------------

local function set_keymaps(state)
  local keys = config.get().outline.keymaps
  local function map(buf, key, fn, desc)
    if key and key ~= "" then
      vim.keymap.set("n", key, fn, { buffer = buf, nowait = true, silent = true, desc = "ThumbIndex: " .. desc })
    end
  end
  map(state.outbuf, keys.jump, function()
    commands.go_to_entry(state, true)
  end, "go to the entry")
  map(state.outbuf, keys.find, function()
    commands.find(state)
  end, "jump to the section of the next key typed")
  map(state.outbuf, keys.refresh, function()
    M.refresh(state, true)
  end, "refresh")
  map(state.outbuf, keys.close, function()
    M.close(state.src)
  end, "close")
  if state.thumbbuf then
    local function pick()
      local title = thumb.title_at(state, api.nvim_win_get_cursor(0)[1] - 1)
      if title then
        commands.jump(state, title)
      end
    end
    map(state.thumbbuf, "<CR>", pick, "jump to the title")
    map(state.thumbbuf, "<LeftRelease>", pick, "jump to the title")
    map(state.thumbbuf, keys.close, function()
      M.close(state.src)
    end, "close")
  end
end

local function watch(state)
  local group = api.nvim_create_augroup("thumbindex_outline_" .. state.src, { clear = true })
  state.augroup = group
  guard.watch(state, group)
  local refresh = compat.debounce(config.get().outline.update_delay, function()
    M.refresh(state)
  end)
  state.debounced_refresh = refresh
  api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    group = group,
    buffer = state.src,
    callback = refresh.call,
  })
  -- Changes made without leaving Insert mode or by scripts are seen here too.
  api.nvim_buf_attach(state.src, false, {
    on_lines = function()
      if state.closed then
        return true
      end
      refresh.call()
    end,
  })
  api.nvim_create_autocmd("CursorMoved", {
    group = group,
    buffer = state.src,
    callback = function()
      commands.follow(state, true)
    end,
  })
  api.nvim_create_autocmd("CursorMoved", {
    group = group,
    buffer = state.outbuf,
    callback = function()
      paging.view_changed(state)
    end,
  })
  api.nvim_create_autocmd({ "WinScrolled", "VimResized" }, {
    group = group,
    callback = function()
      thumb.resized(state)
      paging.view_changed(state)
    end,
  })
  api.nvim_create_autocmd("BufWipeout", {
    group = group,
    buffer = state.src,
    callback = function()
      vim.schedule(function()
        M.close(state.src)
      end)
    end,
  })
  api.nvim_create_autocmd("WinClosed", {
    group = group,
    pattern = tostring(state.outwin),
    callback = function()
      vim.schedule(function()
        M.close(state.src)
      end)
    end,
  })
end

--- Opens the outline of buffer `src` (the current buffer by default) beside it, or focuses it
--- when it is open already. Returns the outline state.
function M.open(src)
  window.define_highlights()
  src = (src == nil or src == 0) and api.nvim_get_current_buf() or src
  src = owner[src] or src
  local state = M.states[src]
  if state and ui.valid_win(state.outwin) then
    api.nvim_set_current_win(state.outwin)
    return state
  elseif state then
    M.close(src)
  end
  local options = config.get().outline
  state = { src = src, entries = {}, by_line = {} }
  M.states[src] = state
  state.srcwin = api.nvim_get_current_win()
  if api.nvim_win_get_buf(state.srcwin) ~= src then
    state.srcwin = vim.fn.bufwinid(src)
  end

  window.open(state)
  owner[state.outbuf] = src
  if options.thumb_index then
    thumb.open(state)
    owner[state.thumbbuf] = src
  end
  if not options.focus and ui.valid_win(state.srcwin) then
    api.nvim_set_current_win(state.srcwin)
  end
  window.set_syntax(state)
  if state.thumbbuf then
    thumb.set_syntax(state)
  end
  set_keymaps(state)
  watch(state)
  window.set_message(state, "  Starting thumbindex…")

  lsp.when_ready(src, function(client, problem)
    if state.closed then
      return
    end
    if not client then
      window.set_message(state, { "thumbindex: " .. problem })
      ui.notify(problem, vim.log.levels.ERROR)
      return
    end
    state.client = client
    window.set_message(state, "  Loading…")
    M.refresh(state)
  end)
  return state
end

--- Closes the outline of buffer `src` (the current buffer's by default).
function M.close(src)
  src = (src == nil or src == 0) and api.nvim_get_current_buf() or src
  src = owner[src] or src
  local state = M.states[src]
  if not state then
    return
  end
  state.closed = true
  M.states[src] = nil
  if state.pager then
    state.pager:close()
  end
  if state.debounced_refresh then
    state.debounced_refresh.close()
  end
  if state.augroup then
    pcall(api.nvim_del_augroup_by_id, state.augroup)
  end
  for _, win in ipairs({ state.thumbwin, state.outwin }) do
    if ui.valid_win(win) and #api.nvim_list_wins() > 1 then
      pcall(api.nvim_win_close, win, true)
    end
  end
  for _, buf in ipairs({ state.thumbbuf, state.outbuf }) do
    if buf then
      owner[buf] = nil
      if ui.valid_buf(buf) then
        pcall(api.nvim_buf_delete, buf, { force = true })
      end
    end
  end
end

return M
