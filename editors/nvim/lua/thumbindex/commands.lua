-- What an open outline does when asked: jump to the section of an index title (:ThumbIndexJump,
-- the letter keys, f{char}, the thumb index), go to the entry under the outline cursor (<CR>), and
-- follow the source cursor (the entry under it highlighted).
local Layout = require("thumbindex.layout")
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local lsp = require("thumbindex.client")
local paging = require("thumbindex.paging")
local thumb = require("thumbindex.thumb")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

-- Asks for the sections again. (outline.lua requires this module, so it is required here late.)
local function refresh(state)
  require("thumbindex.outline").refresh(state)
end

-- The line an entry ends on, with an end at column 0 counting as the line before.
local function last_line(range)
  local finish = range["end"]
  if finish.character == 0 and finish.line > range.start.line then
    return finish.line - 1
  end
  return finish.line
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

-- Following the cursor ------------------------------------------------------------------------

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
  local row = window.highlight_entry(state, M.entry_at_line(state, line))
  if row and move and ui.valid_win(state.outwin) and api.nvim_get_current_win() ~= state.outwin then
    api.nvim_win_set_cursor(state.outwin, { row + 1, 0 })
    paging.view_changed(state)
  end
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

--- Shows section `index` (1-based) at the top of the outline with the cursor on its header (the
--- top row when nil). Also for the workspace window.
function M.show_section(state, index)
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
  paging.view_changed(state)
end

--- The index title meant by `title`: itself, or the one it is the lower case of.
function M.resolve_title(titles, title)
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

--- `resolve_title` among a layout's titles, or nil after telling the user which titles there are.
function M.title_in(layout, title)
  local resolved = M.resolve_title(layout.titles, title)
  if not resolved then
    ui.notify(string.format("%s is not an index title here; they are %s", title, table.concat(layout.titles, " ")))
  end
  return resolved
end

--- Jumps to the section of index title `title`: the outline moves at once (from the indexTargets
--- it has), the server's thumbindex/jump then puts the source cursor on the section's first entry.
function M.jump(state, title)
  local layout = state.layout
  if not layout then
    ui.notify("the outline is not ready yet")
    return
  end
  local resolved = M.title_in(layout, title)
  if not resolved then
    return
  end
  local position = vim.fn.index(layout.titles, resolved) + 1
  local target = layout.targets[position]
  if type(target) == "number" then
    M.show_section(state, target >= 0 and target + 1 or nil)
  end
  local src = state.src
  local params = { textDocument = lsp.text_document(src), indexTitle = resolved }
  lsp.request(state.client, src, "thumbindex/jump", params, function(err, result)
    if state.closed or state.src ~= src then
      return -- the outline shows another buffer now
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
      M.show_section(state, nil)
      go_to_position(state, { line = 0, character = 0 }, false)
      return
    end
    local section = state.layout and state.layout.sections[result.section + 1]
    if section and section.offset == result.offset then
      M.show_section(state, result.section + 1)
    else
      refresh(state)
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
  local src = state.src
  local params = { textDocument = lsp.text_document(src), offset = offset, limit = 1, version = layout.version }
  lsp.request(state.client, src, "thumbindex/entries", params, function(err, result)
    if state.closed or state.src ~= src then
      return
    end
    if err then
      if err.code == lsp.CONTENT_MODIFIED then
        refresh(state)
      end
      ui.notify(ui.error_message(err))
    elseif result and result.entries[1] then
      go_to_position(state, result.entries[1].selectionRange.start, focus)
    end
  end)
end

--- Reads one key and jumps to the section it names (with `jump`, by default the outline's).
function M.find(state, jump)
  local ok, char = pcall(vim.fn.getcharstr)
  if ok and char ~= "\27" then
    local go = jump or M.jump
    go(state, char)
  end
end

-- A buffer-local normal-mode map to a Lua function, through the API: vim.keymap.set checks its
-- arguments with vim.validate on every call (thousands in a session of layouts), and LuaJIT has been
-- seen to corrupt a vim.validate run that hot (see config.is_list).
local function map_key(buf, key, fn, desc)
  api.nvim_buf_set_keymap(buf, "n", key, "", { callback = fn, nowait = true, silent = true, desc = desc })
end

--- Maps the keys of `outline.keymaps` in the outline window: jump to `actions.go` (the entry under
--- the cursor), refresh and close to theirs, find (f{char}) to `actions.jump(state, title)`; and in
--- the thumb index window <CR> and a click (the title there), f{char} and close. The outline's keys,
--- and the workspace window's.
function M.set_keymaps(state, actions)
  local keys = config.get().outline.keymaps
  local function map(buf, key, fn, desc)
    if key and key ~= "" then
      map_key(buf, key, fn, "ThumbIndex: " .. desc)
    end
  end
  local function find()
    M.find(state, actions.jump)
  end
  map(state.outbuf, keys.jump, actions.go, "go to the entry")
  map(state.outbuf, keys.find, find, "jump to the section of the next key typed")
  map(state.outbuf, keys.refresh, actions.refresh, "refresh")
  map(state.outbuf, keys.close, actions.close, "close")
  if state.thumbbuf then
    local function pick()
      local title = thumb.title_at(state, api.nvim_win_get_cursor(0)[1] - 1)
      if title then
        actions.jump(state, title)
      end
    end
    map(state.thumbbuf, "<CR>", pick, "jump to the title")
    map(state.thumbbuf, "<LeftRelease>", pick, "jump to the title")
    map(state.thumbbuf, keys.find, find, "jump to the section of the next key typed")
    map(state.thumbbuf, keys.close, actions.close, "close")
  end
end

--- Maps each single-character index title of the layout to its jump, in the thumb index window
--- and, with `outline.letter_keys` "outline", in the outline window too (where capital letters are
--- Vim's motions otherwise: G, N, V, H, M, L, W, B, E, Z...). The maps of the previous layout are
--- taken away. `jump`: what a letter does, by default the outline's jump.
function M.map_letters(state, jump)
  for buf, keys in pairs(state.letter_maps or {}) do
    for key in pairs(keys) do
      if ui.valid_buf(buf) then
        pcall(api.nvim_buf_del_keymap, buf, "n", key)
      end
    end
  end
  state.letter_maps = {}
  local where = config.get().outline.letter_keys
  local bufs = ({ thumb = { state.thumbbuf }, outline = { state.outbuf, state.thumbbuf } })[where] or {}
  local go = jump or M.jump
  if not state.layout then
    return
  end
  for _, buf in pairs(bufs) do
    state.letter_maps[buf] = {}
    for _, title in ipairs(state.layout.titles) do
      if vim.fn.strchars(title) == 1 and title ~= "•" and not title:match("^%s$") then
        map_key(buf, title, function()
          go(state, title)
        end, "ThumbIndex: jump to " .. title)
        state.letter_maps[buf][title] = true
      end
    end
  end
end

return M
