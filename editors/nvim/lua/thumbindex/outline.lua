-- The outline side window: section headers and entries in sectioned order (rows as in layout.lua),
-- filled page by page (pager.lua), with the thumb index (thumb.lua) at its right edge.
local Layout = require("thumbindex.layout")
local Pager = require("thumbindex.pager")
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local lsp = require("thumbindex.client")
local thumb = require("thumbindex.thumb")
local ui = require("thumbindex.ui")

local api = vim.api
local M = {}

local CONTENT_MODIFIED = -32801

local ns = api.nvim_create_namespace("thumbindex")
local ns_current = api.nvim_create_namespace("thumbindex_current")

--- Outline states by source buffer.
M.states = {}
-- Outline and thumb buffers → their source buffer.
local owner = {}

local function define_highlights()
  for name, target in pairs({
    ThumbIndexHeader = "Title",
    ThumbIndexCount = "Comment",
    ThumbIndexPlaceholder = "NonText",
    ThumbIndexDetail = "Comment",
    ThumbIndexCurrent = "Visual",
    ThumbIndexTitle = "Identifier",
    ThumbIndexTitleCurrent = "Search",
  }) do
    vim.cmd(string.format("highlight default link %s %s", name, target))
  end
end

local function header_text(section)
  return section.title
end

local function entry_text(entry)
  return "  " .. (entry.name:gsub("[\r\n]", " "))
end

-- The line an entry ends on, with an end at column 0 counting as the line before.
local function last_line(range)
  local finish = range["end"]
  if finish.character == 0 and finish.line > range.start.line then
    return finish.line - 1
  end
  return finish.line
end

-- States ---------------------------------------------------------------------------------------

--- The outline state of a buffer: the buffer's own, or the one it is the outline/thumb of.
function M.state_for(buf)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  return M.states[buf] or M.states[owner[buf] or -1]
end

local function source_window(state)
  if ui.valid_win(state.srcwin) and api.nvim_win_get_buf(state.srcwin) == state.src then
    return state.srcwin
  end
  local win = vim.fn.bufwinid(state.src)
  if win ~= -1 then
    state.srcwin = win
    return win
  end
  -- The source is not shown anywhere: show it in the window the outline was opened from, or a new one.
  if not ui.valid_win(state.srcwin) then
    vim.cmd(config.get().outline.position == "left" and "botright vsplit" or "topleft vsplit")
    state.srcwin = api.nvim_get_current_win()
  end
  api.nvim_win_set_buf(state.srcwin, state.src)
  return state.srcwin
end

local function set_message(state, message)
  if ui.valid_buf(state.outbuf) then
    api.nvim_buf_clear_namespace(state.outbuf, ns, 0, -1)
    ui.set_lines(state.outbuf, 0, -1, { message })
  end
end

-- Views ----------------------------------------------------------------------------------------

--- Tells the pager what is in view; called when the outline scrolls, its cursor moves or it is laid out.
function M.view_changed(state)
  if state.closed or not state.pager or not ui.valid_win(state.outwin) then
    return
  end
  local layout = state.layout
  if layout.total == 0 then
    return
  end
  local view = api.nvim_win_call(state.outwin, function()
    return { vim.fn.line("w0"), vim.fn.line("w$") }
  end)
  local first, last = Layout.offsets_in_rows(layout, view[1] - 1, view[2] - 1)
  state.pager:view(first, math.max(first, last))
  thumb.highlight(state)
end

local function highlight_current(state, offset, move)
  if not ui.valid_buf(state.outbuf) then
    return
  end
  api.nvim_buf_clear_namespace(state.outbuf, ns_current, 0, -1)
  state.current_offset = offset
  if offset == nil then
    return
  end
  local row = Layout.row_of_offset(state.layout, offset)
  api.nvim_buf_add_highlight(state.outbuf, ns_current, "ThumbIndexCurrent", row, 0, -1)
  if move and ui.valid_win(state.outwin) and api.nvim_get_current_win() ~= state.outwin then
    api.nvim_win_set_cursor(state.outwin, { row + 1, 0 })
    M.view_changed(state)
  end
end

--- The offset of the loaded entry under a source line (the innermost that contains it), or nil.
function M.entry_at_line(state, line)
  for candidate = line, math.max(0, line - 2000), -1 do
    local offsets = state.by_line[candidate]
    if offsets then
      local best
      for _, offset in ipairs(offsets) do
        local entry = state.entries[offset]
        if entry and last_line(entry.range) >= line then
          if not best or last_line(entry.range) < last_line(state.entries[best].range) then
            best = offset
          end
        end
      end
      if best then
        return best
      end
    end
  end
  return nil
end

--- Highlights the entry under the source cursor; moves the outline cursor to it when `move`.
function M.follow(state, move)
  if state.closed or not state.layout or not config.get().outline.follow_cursor then
    return
  end
  local win = vim.fn.bufwinid(state.src)
  if win == -1 then
    return
  end
  if api.nvim_get_current_buf() == state.src then
    win = api.nvim_get_current_win()
  end
  local line = api.nvim_win_get_cursor(win)[1] - 1
  highlight_current(state, M.entry_at_line(state, line), move)
end

local function apply_entries(state, layout, offset, entries)
  if state.closed or state.layout ~= layout or not ui.valid_buf(state.outbuf) then
    return
  end
  local chunk, chunk_start = {}, nil
  local function flush()
    if chunk_start then
      ui.set_lines(state.outbuf, chunk_start, chunk_start + #chunk, chunk)
    end
    chunk, chunk_start = {}, nil
  end
  local rows = {}
  for i, entry in ipairs(entries) do
    local position = offset + i - 1
    local row = Layout.row_of_offset(layout, position)
    rows[i] = row
    state.entries[position] = entry
    local line = entry.range.start.line
    state.by_line[line] = state.by_line[line] or {}
    table.insert(state.by_line[line], position)
    if chunk_start and chunk_start + #chunk ~= row then
      flush()
    end
    chunk_start = chunk_start or row
    table.insert(chunk, entry_text(entry))
  end
  flush()
  for i, entry in ipairs(entries) do
    if entry.detail and entry.detail ~= "" then
      api.nvim_buf_set_extmark(state.outbuf, ns, rows[i], 0, {
        virt_text = { { entry.detail, "ThumbIndexDetail" } },
        virt_text_pos = "eol",
      })
    end
  end
  M.follow(state, false)
end

-- Jumps ----------------------------------------------------------------------------------------

--- Puts the source cursor on an LSP position.
local function go_to_position(state, position, focus)
  local win = source_window(state)
  local line = math.min(position.line, api.nvim_buf_line_count(state.src) - 1)
  local text = api.nvim_buf_get_lines(state.src, line, line + 1, false)[1] or ""
  local encoding = state.client and state.client.offset_encoding or "utf-16"
  api.nvim_win_set_cursor(win, { line + 1, compat.byte_col(text, position.character, encoding) })
  api.nvim_win_call(win, function()
    vim.cmd("normal! zv")
  end)
  if focus then
    api.nvim_set_current_win(win)
  end
  M.follow(state, false)
end

--- Shows section `index` (1-based) at the top of the outline with the cursor on its header.
local function show_section(state, index)
  local layout = state.layout
  if not (layout and ui.valid_win(state.outwin)) then
    return
  end
  local row = index and layout.header_rows[index] or 0
  local height = api.nvim_win_get_height(state.outwin)
  local last_top = math.max(1, api.nvim_buf_line_count(state.outbuf) - height + 1)
  api.nvim_win_call(state.outwin, function()
    -- The header at the top, unless that would leave empty rows at the bottom.
    vim.fn.winrestview({ topline = math.min(row + 1, last_top), lnum = row + 1, col = 0 })
  end)
  M.view_changed(state)
end

--- The index title meant by `title`: itself, or the one it is the lower case of.
local function resolve_title(titles, title)
  for _, candidate in ipairs(titles) do
    if candidate == title then
      return candidate
    end
  end
  local upper = vim.fn.toupper(title)
  for _, candidate in ipairs(titles) do
    if vim.fn.toupper(candidate) == upper then
      return candidate
    end
  end
  return nil
end

--- Jumps to the section of index title `title`: the outline moves at once (from the indexTargets
--- it has), the server's thumbindex/jump then puts the source cursor on the section's first entry.
function M.jump(state, title)
  local layout = state.layout
  if not layout then
    ui.notify("the outline is not ready yet")
    return
  end
  local resolved = resolve_title(layout.titles, title)
  if not resolved then
    ui.notify(string.format("%s is not an index title here; they are %s", title, table.concat(layout.titles, " ")))
    return
  end
  local position = vim.fn.index(layout.titles, resolved) + 1
  local target = layout.targets[position]
  if type(target) == "number" then
    show_section(state, target >= 0 and target + 1 or nil)
  end
  local params = { textDocument = lsp.text_document(state.src), indexTitle = resolved }
  lsp.request(state.client, state.src, "thumbindex/jump", params, function(err, result)
    if state.closed then
      return
    end
    if err then
      ui.notify("jump: " .. ui.error_message(err))
      return
    end
    if result == nil or result == vim.NIL then
      ui.notify("there are no entries to jump to", vim.log.levels.INFO)
      return
    end
    if result.search then
      show_section(state, nil)
      go_to_position(state, { line = 0, character = 0 }, false)
      return
    end
    local section = state.layout and state.layout.sections[result.section + 1]
    if section and section.offset == result.offset then
      show_section(state, result.section + 1)
    else
      M.refresh(state)
    end
    go_to_position(state, result.location.range.start, false)
  end)
end

--- Goes to the entry under the outline cursor (a header goes to its section's first entry).
function M.go_to_entry(state, focus)
  local layout = state.layout
  if not (layout and ui.valid_win(state.outwin)) or layout.total == 0 then
    return
  end
  local row = api.nvim_win_get_cursor(state.outwin)[1] - 1
  local section, offset = Layout.at_row(layout, row)
  offset = offset or layout.sections[section].offset
  local entry = state.entries[offset]
  if entry then
    go_to_position(state, entry.selectionRange.start, focus)
    return
  end
  -- Not loaded yet: ask for that one entry.
  local params = { textDocument = lsp.text_document(state.src), offset = offset, limit = 1, version = layout.version }
  lsp.request(state.client, state.src, "thumbindex/entries", params, function(err, result)
    if state.closed then
      return
    end
    if err then
      if err.code == CONTENT_MODIFIED then
        M.refresh(state)
      end
      ui.notify(ui.error_message(err))
    elseif result and result.entries[1] then
      go_to_position(state, result.entries[1].selectionRange.start, focus)
    end
  end)
end

--- Reads one key and jumps to the section it names.
function M.find(state)
  local ok, char = pcall(vim.fn.getcharstr)
  if ok and char ~= "\27" then
    M.jump(state, char)
  end
end

-- Layout and refresh ---------------------------------------------------------------------------

local function map_letters(state)
  local buf = state.outbuf
  for key in pairs(state.letter_maps or {}) do
    pcall(vim.keymap.del, "n", key, { buffer = buf })
  end
  state.letter_maps = {}
  if not config.get().outline.letter_keys then
    return
  end
  for _, title in ipairs(state.layout.titles) do
    if vim.fn.strchars(title) == 1 and title ~= "•" and not title:match("^%s$") then
      vim.keymap.set("n", title, function()
        M.jump(state, title)
      end, { buffer = buf, nowait = true, silent = true, desc = "ThumbIndex: jump to " .. title })
      state.letter_maps[title] = true
    end
  end
end

local function update_statusline(state)
  if ui.valid_win(state.outwin) and state.layout then
    local count = state.layout.total == 1 and "1 entry" or (state.layout.total .. " entries")
    vim.wo[state.outwin].statusline = string.format(" ThumbIndex  %s  %s", state.layout.locale, count)
  end
end

--- Lays the outline out for a thumbindex/sections result: every header and a placeholder for every
--- entry at once, so the scrollbar is right from the start; then fetches what is in view.
function M.lay_out(state, result)
  local options = config.get()
  local layout = Layout.new(result)
  local cursor = ui.valid_win(state.outwin) and api.nvim_win_get_cursor(state.outwin)[1] or 1
  if state.pager then
    state.pager:close()
  end
  state.layout, state.entries, state.by_line = layout, {}, {}
  if layout.total == 0 then
    state.pager = nil
    set_message(state, "  (no entries)")
  else
    local placeholder = "  " .. options.outline.placeholder
    local lines = {}
    for _, section in ipairs(layout.sections) do
      lines[#lines + 1] = header_text(section)
      for _ = 1, section.count do
        lines[#lines + 1] = placeholder
      end
    end
    api.nvim_buf_clear_namespace(state.outbuf, ns, 0, -1)
    api.nvim_buf_clear_namespace(state.outbuf, ns_current, 0, -1)
    ui.set_lines(state.outbuf, 0, -1, lines)
    for i, section in ipairs(layout.sections) do
      local row = layout.header_rows[i]
      api.nvim_buf_add_highlight(state.outbuf, ns, "ThumbIndexHeader", row, 0, -1)
      api.nvim_buf_set_extmark(state.outbuf, ns, row, 0, {
        virt_text = { { string.format("(%d)", section.count), "ThumbIndexCount" } },
        virt_text_pos = "eol",
      })
    end
    state.pager = Pager.new({
      total = layout.total,
      page_size = options.paging.page_size,
      preload = options.paging.preload,
      fetch = function(offset, limit, done)
        local params = {
          textDocument = lsp.text_document(state.src),
          offset = offset,
          limit = limit,
          version = layout.version,
        }
        return lsp.request(state.client, state.src, "thumbindex/entries", params, function(err, page)
          if not err and page and page.version ~= layout.version then
            err = { code = CONTENT_MODIFIED, message = "the page is of another version" }
          end
          done(err, page and page.entries)
        end)
      end,
      cancel = function(id)
        compat.cancel_request(state.client, id)
      end,
      apply = function(offset, entries)
        apply_entries(state, layout, offset, entries)
      end,
      on_error = function(err)
        if err.code == CONTENT_MODIFIED then
          -- The document changed since the layout: lay it out again.
          M.refresh(state)
        else
          ui.notify("entries: " .. ui.error_message(err))
        end
      end,
    })
  end
  if ui.valid_win(state.outwin) then
    api.nvim_win_set_cursor(state.outwin, { math.min(cursor, api.nvim_buf_line_count(state.outbuf)), 0 })
  end
  map_letters(state)
  update_statusline(state)
  thumb.render(state)
  M.view_changed(state)
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
  lsp.request(state.client, state.src, "thumbindex/sections", params, function(err, result)
    if state.closed or seq ~= state.refresh_seq then
      return
    end
    if err then
      set_message(state, "thumbindex: " .. ui.error_message(err))
      ui.notify("sections: " .. ui.error_message(err))
      return
    end
    local layout = state.layout
    if not force and layout and layout.version == result.version and layout.total == result.totalCount then
      return
    end
    M.lay_out(state, result)
  end)
end

-- Opening and closing --------------------------------------------------------------------------

local function window_options(win, cursorline)
  local options = {
    number = false,
    relativenumber = false,
    signcolumn = "no",
    foldcolumn = "0",
    wrap = false,
    list = false,
    spell = false,
    cursorline = cursorline,
    winfixwidth = true,
    colorcolumn = "",
  }
  for name, value in pairs(options) do
    vim.wo[win][name] = value
  end
end

local function scratch_buffer(filetype)
  local buf = api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = "wipe"
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = filetype
  return buf
end

local function set_keymaps(state)
  local keys = config.get().outline.keymaps
  local function map(buf, key, fn, desc)
    if key and key ~= "" then
      vim.keymap.set("n", key, fn, { buffer = buf, nowait = true, silent = true, desc = "ThumbIndex: " .. desc })
    end
  end
  map(state.outbuf, keys.jump, function()
    M.go_to_entry(state, true)
  end, "go to the entry")
  map(state.outbuf, keys.find, function()
    M.find(state)
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
        M.jump(state, title)
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
      M.follow(state, true)
    end,
  })
  api.nvim_create_autocmd("CursorMoved", {
    group = group,
    buffer = state.outbuf,
    callback = function()
      M.view_changed(state)
    end,
  })
  api.nvim_create_autocmd({ "WinScrolled", "VimResized" }, {
    group = group,
    callback = function()
      if state.thumb_height ~= (ui.valid_win(state.thumbwin) and api.nvim_win_get_height(state.thumbwin)) then
        state.thumb_height = ui.valid_win(state.thumbwin) and api.nvim_win_get_height(state.thumbwin)
        thumb.render(state)
      end
      M.view_changed(state)
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
  define_highlights()
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

  state.outbuf = scratch_buffer("thumbindex")
  owner[state.outbuf] = src
  pcall(api.nvim_buf_set_name, state.outbuf, string.format("thumbindex://outline/%d", src))
  vim.cmd(string.format("%s vertical sbuffer %d", options.position == "left" and "topleft" or "botright", state.outbuf))
  state.outwin = api.nvim_get_current_win()
  api.nvim_win_set_width(state.outwin, options.width)
  window_options(state.outwin, true)
  if options.thumb_index then
    state.thumbbuf = scratch_buffer("thumbindexthumb")
    owner[state.thumbbuf] = src
    vim.cmd(string.format("rightbelow vertical sbuffer %d", state.thumbbuf))
    state.thumbwin = api.nvim_get_current_win()
    api.nvim_win_set_width(state.thumbwin, 3)
    window_options(state.thumbwin, false)
    vim.wo[state.thumbwin].statusline = " "
    state.thumb_height = api.nvim_win_get_height(state.thumbwin)
    api.nvim_set_current_win(state.outwin)
  end
  if not options.focus and ui.valid_win(state.srcwin) then
    api.nvim_set_current_win(state.srcwin)
  end
  api.nvim_buf_call(state.outbuf, function()
    vim.cmd("syntax match ThumbIndexPlaceholder /^  " .. vim.fn.escape(options.placeholder, "/\\.*$^~[]") .. "$/")
  end)
  if state.thumbbuf then
    api.nvim_buf_call(state.thumbbuf, function()
      vim.cmd("syntax match ThumbIndexTitle /\\S\\+/")
    end)
  end
  set_keymaps(state)
  watch(state)
  set_message(state, "  Starting thumbindex…")

  lsp.when_ready(src, function(client, problem)
    if state.closed then
      return
    end
    if not client then
      set_message(state, "thumbindex: " .. problem)
      ui.notify(problem, vim.log.levels.ERROR)
      return
    end
    state.client = client
    set_message(state, "  Loading…")
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
