-- The outline side window of a source buffer: its state, opening and closing it, laying it out for
-- the server's sections and refreshing it as the source changes. The parts are elsewhere:
--
--   window.lua    the outline window and what is drawn in it (rows as in layout.lua)
--   paging.lua    its rows filled page by page (the pager of pager.lua, fed by thumbindex/entries)
--   thumb.lua     the thumb index window at its right edge
--   commands.lua  jumps, going to an entry, following the source cursor, the letter keys
--   guard.lua     the outline's windows keep their buffers (:edit there opens in the source window)
--
-- There is one outline per tab page. It shows the buffer it was opened for, and follows the buffer of
-- the window that gets the cursor (`outline.follow_buffer`), as aerial.nvim does by default: the
-- same windows and thumb index, laid out again for the other document (see M.show).
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

--- Outline states by tab page.
M.tabs = {}
-- Outline and thumb buffers → their outline state.
local owner = {}

-- What the outline does, for the commands of init.lua and for tests (see commands.lua, paging.lua).
M.view_changed = paging.view_changed
M.entry_at_line = commands.entry_at_line
M.follow = commands.follow
M.jump = commands.jump
M.go_to_entry = commands.go_to_entry
M.find = commands.find

--- The outline states that show buffer `src` (in any tab page).
function M.states_of(src)
  local found = {}
  for _, state in pairs(M.tabs) do
    if state.src == src then
      table.insert(found, state)
    end
  end
  return found
end

--- The outline state of a buffer: the one it is the outline/thumb index of, else the current tab's
--- outline when it shows the buffer, else one that shows it in another tab.
function M.state_for(buf)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  if owner[buf] then
    return owner[buf]
  end
  local here = M.tabs[api.nvim_get_current_tabpage()]
  if here and here.src == buf then
    return here
  end
  return M.states_of(buf)[1]
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
  state.language_id = lsp.sent[state.src] or languages.language_id(state.src)
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

-- Opening, following and closing ---------------------------------------------------------------

local function set_keymaps(state)
  commands.set_keymaps(state, {
    go = function()
      commands.go_to_entry(state, true)
    end,
    refresh = function()
      M.refresh(state, true)
    end,
    close = function()
      M.close_state(state)
    end,
    jump = commands.jump,
  })
end

-- Whether the outline may follow the cursor into buffer `buf`: a file buffer of a format the
-- server reads (`filetypes`, `extensions`), or one it is attached to already (:ThumbIndexOutline
-- was run there).
local function followable(buf)
  return ui.valid_buf(buf) and vim.bo[buf].buftype == "" and (languages.wanted(buf) or lsp.get(buf) ~= nil)
end

-- A normal window of the outline's tab page, other than its own two.
local function source_candidate(state, win)
  return ui.valid_win(win)
    and win ~= state.outwin
    and win ~= state.thumbwin
    and api.nvim_win_get_tabpage(win) == state.tab
    and api.nvim_win_get_config(win).relative == ""
end

-- The cursor went to another window or buffer: the outline shows that buffer when it may.
local function follow_buffer(state)
  if state.closed or not config.get().outline.follow_buffer then
    return
  end
  local win = api.nvim_get_current_win()
  if not source_candidate(state, win) then
    return
  end
  local buf = api.nvim_win_get_buf(win)
  if buf == state.src then
    state.srcwin = win
  elseif followable(buf) then
    state.srcwin = win
    M.show(state, buf)
  end
end

-- The source buffer was wiped out: the outline follows a buffer still shown in its tab page, or closes.
local function source_gone(state, buf)
  if state.closed or state.src ~= buf or ui.valid_buf(buf) then
    return
  end
  for _, win in ipairs(api.nvim_tabpage_list_wins(state.tab)) do
    if source_candidate(state, win) and followable(api.nvim_win_get_buf(win)) then
      state.srcwin = win
      M.show(state, api.nvim_win_get_buf(win))
      return
    end
  end
  M.close_state(state)
end

-- The autocommands about the source buffer, in a group of their own made again for each source.
local function watch_source(state)
  local src, generation = state.src, state.generation
  local group = api.nvim_create_augroup("thumbindex_source_" .. state.outbuf, { clear = true })
  state.source_augroup = group
  api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    group = group,
    buffer = src,
    callback = state.debounced_refresh.call,
  })
  -- Changes made without leaving Insert mode or by scripts are seen here too.
  api.nvim_buf_attach(src, false, {
    on_lines = function()
      if state.closed or state.generation ~= generation then
        return true -- detach: the outline shows another buffer now
      end
      state.debounced_refresh.call()
    end,
  })
  api.nvim_create_autocmd("CursorMoved", {
    group = group,
    buffer = src,
    callback = function()
      commands.follow(state, true)
    end,
  })
  api.nvim_create_autocmd("BufWipeout", {
    group = group,
    buffer = src,
    callback = function()
      vim.schedule(function()
        source_gone(state, src)
      end)
    end,
  })
end

-- The autocommands of the outline itself, for as long as it is open.
local function watch(state)
  local group = api.nvim_create_augroup("thumbindex_outline_" .. state.outbuf, { clear = true })
  state.augroup = group
  guard.watch(state, group)
  state.debounced_refresh = compat.debounce(config.get().outline.update_delay, function()
    M.refresh(state)
  end)
  paging.follow_view(state, group, window.resized)
  api.nvim_create_autocmd({ "BufEnter", "WinEnter" }, {
    group = group,
    callback = function()
      -- Once the command that moved the cursor has finished (and guard.lua has put back its buffers).
      vim.schedule(function()
        follow_buffer(state)
      end)
    end,
  })
  api.nvim_create_autocmd("WinClosed", {
    group = group,
    pattern = tostring(state.outwin),
    callback = function()
      vim.schedule(function()
        M.close_state(state)
      end)
    end,
  })
end

--- Shows the outline of buffer `src` in the windows of `state`: the outline it showed is put away
--- (its pages cancelled, the autocommands on its buffer removed), the server is attached to `src`
--- when it is not yet, and the sections are asked for.
function M.show(state, src)
  if state.pager then
    state.pager:close()
    state.pager = nil
  end
  state.debounced_refresh.cancel()
  state.src = src
  state.generation = (state.generation or 0) + 1
  state.refresh_seq = (state.refresh_seq or 0) + 1
  state.layout, state.entries, state.by_line, state.client, state.current_offset = nil, {}, {}, nil, nil
  watch_source(state)
  commands.map_letters(state)
  window.update_statusline(state)
  thumb.render(state)
  window.set_message(state, "  Starting thumbindex…")
  local generation = state.generation
  lsp.when_ready(src, function(client, problem)
    if state.closed or state.generation ~= generation then
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
end

--- Opens the outline of buffer `src` (the current buffer by default) beside it, or focuses the
--- outline of this tab page when it is open already (showing `src` in it first). Returns the state.
function M.open(src)
  window.define_highlights()
  src = (src == nil or src == 0) and api.nvim_get_current_buf() or src
  local tab = api.nvim_get_current_tabpage()
  local state = owner[src] or M.tabs[tab]
  if state and ui.valid_win(state.outwin) then
    if not owner[src] and src ~= state.src then
      if source_candidate(state, api.nvim_get_current_win()) then
        state.srcwin = api.nvim_get_current_win()
      end
      M.show(state, src)
    end
    api.nvim_set_current_win(state.outwin)
    return state
  elseif state then
    M.close_state(state)
  end
  local options = config.get().outline
  state = { tab = tab, src = src, entries = {}, by_line = {} }
  M.tabs[tab] = state
  state.srcwin = api.nvim_get_current_win()
  if api.nvim_win_get_buf(state.srcwin) ~= src then
    state.srcwin = vim.fn.bufwinid(src)
  end

  window.open(state)
  owner[state.outbuf] = state
  if options.thumb_index then
    thumb.open(state)
    owner[state.thumbbuf] = state
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
  M.show(state, src)
  return state
end

--- Closes an outline: its windows, buffers and autocommands.
function M.close_state(state)
  if state.closed then
    return
  end
  state.closed = true
  if M.tabs[state.tab] == state then
    M.tabs[state.tab] = nil
  end
  if state.pager then
    state.pager:close()
  end
  if state.debounced_refresh then
    state.debounced_refresh.close()
  end
  for _, group in ipairs({ state.augroup, state.source_augroup }) do
    pcall(api.nvim_del_augroup_by_id, group)
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

--- Closes the outline of buffer `buf` (see M.state_for); by default the outline of the current
--- buffer, or else of the current tab page.
function M.close(buf)
  local state
  if buf == nil or buf == 0 then
    state = M.state_for(0) or M.tabs[api.nvim_get_current_tabpage()]
  else
    state = M.state_for(buf)
  end
  if state then
    M.close_state(state)
  end
end

return M
