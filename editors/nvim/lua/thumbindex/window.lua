-- The outline window and what is drawn in it: the scratch buffer and its window, the layout (a
-- header per section, a placeholder per entry, rows as in layout.lua), messages, the highlight of
-- the current entry and the statusline. The rows are filled with entries by paging.lua.
local Layout = require("thumbindex.layout")
local config = require("thumbindex.config")
local detail = require("thumbindex.detail")
local ui = require("thumbindex.ui")

local api = vim.api
local M = {}

M.ns = api.nvim_create_namespace("thumbindex")
local ns_current = api.nvim_create_namespace("thumbindex_current")
local ns_detail = api.nvim_create_namespace("thumbindex_detail")

function M.define_highlights()
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

--- The text of an entry's row.
function M.entry_text(entry)
  return "  " .. (entry.name:gsub("[\r\n]", " "))
end

--- Replaces the outline with a message: a line, or sentences wrapped to the window's width.
function M.set_message(state, message)
  if not ui.valid_buf(state.outbuf) then
    return
  end
  local lines = { message }
  if type(message) == "table" then
    local width = ui.valid_win(state.outwin) and api.nvim_win_get_width(state.outwin) or config.get().outline.width
    lines = {}
    for i, sentence in ipairs(message) do
      if i > 1 then
        table.insert(lines, "")
      end
      vim.list_extend(lines, ui.wrap(sentence, math.max(width - 3, 20), "  "))
    end
  end
  for _, ns in ipairs({ M.ns, ns_current, ns_detail }) do
    api.nvim_buf_clear_namespace(state.outbuf, ns, 0, -1)
  end
  ui.set_lines(state.outbuf, 0, -1, lines)
end

--- Sets the window-local options of the outline and thumb index windows.
function M.window_options(win, cursorline)
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

--- A buffer for the outline or the thumb index: not a file, not modifiable. Hidden, not wiped,
--- when another buffer takes its window (:edit in the outline), so that it can be put back
--- (outline.lua); closing the outline deletes it.
function M.scratch_buffer(filetype)
  local buf = api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = "hide"
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = filetype
  return buf
end

--- Makes the outline buffer (named after its tab page, or `name`) and opens it in a vertical split
--- at the configured side and width (or `width`); the new window becomes the current one.
function M.open(state, name, width)
  local options = config.get().outline
  state.outbuf = M.scratch_buffer("thumbindex")
  pcall(api.nvim_buf_set_name, state.outbuf, name or string.format("thumbindex://outline/%d", state.tab))
  vim.cmd(string.format("%s vertical sbuffer %d", options.position == "left" and "topleft" or "botright", state.outbuf))
  state.outwin = api.nvim_get_current_win()
  api.nvim_win_set_width(state.outwin, width or options.width)
  M.window_options(state.outwin, true)
end

--- Sets the syntax that dims the placeholder rows (once the windows are arranged).
function M.set_syntax(state)
  local placeholder = config.get().outline.placeholder
  api.nvim_buf_call(state.outbuf, function()
    vim.cmd("syntax match ThumbIndexPlaceholder /^  " .. vim.fn.escape(placeholder, "/\\.*$^~[]") .. "$/")
  end)
end

--- Draws a layout: every header (with its count) and a placeholder row for every entry, or, when
--- there are no entries, `empty`: the sentences that say why.
function M.draw(state, layout, empty)
  if layout.total == 0 then
    M.set_message(state, empty or { "No entries." })
    return
  end
  local placeholder = "  " .. config.get().outline.placeholder
  local lines = {}
  for _, section in ipairs(layout.sections) do
    lines[#lines + 1] = header_text(section)
    for _ = 1, section.count do
      lines[#lines + 1] = placeholder
    end
  end
  for _, ns in ipairs({ M.ns, ns_current, ns_detail }) do
    api.nvim_buf_clear_namespace(state.outbuf, ns, 0, -1)
  end
  ui.set_lines(state.outbuf, 0, -1, lines)
  for i, section in ipairs(layout.sections) do
    local row = layout.header_rows[i]
    api.nvim_buf_add_highlight(state.outbuf, M.ns, "ThumbIndexHeader", row, 0, -1)
    api.nvim_buf_set_extmark(state.outbuf, M.ns, row, 0, {
      virt_text = { { string.format("(%d)", section.count), "ThumbIndexCount" } },
      virt_text_pos = "eol",
    })
  end
end

-- The width the details are cut to: the outline window's.
local function detail_width(state)
  return ui.valid_win(state.outwin) and api.nvim_win_get_width(state.outwin) or config.get().outline.width
end

--- Shows the detail of the entry on `row` after its name, cut to the room left in the window.
--- `language_id`: what the source was opened as (csv and tsv details are read again from the row).
function M.show_detail(state, row, entry, language_id)
  local text = detail.text(state.src, entry, language_id)
  if not text then
    return
  end
  state.detail_width = detail_width(state)
  local room = state.detail_width - vim.fn.strdisplaywidth(M.entry_text(entry)) - 1
  text = detail.fit(text, room)
  if text then
    api.nvim_buf_set_extmark(state.outbuf, ns_detail, row, 0, {
      virt_text = { { text, "ThumbIndexDetail" } },
      virt_text_pos = "eol",
    })
  end
end

--- Cuts the details again when the outline window's width changed.
function M.resized(state)
  if state.closed or not state.layout or not ui.valid_buf(state.outbuf) or state.detail_width == nil then
    return
  end
  if detail_width(state) == state.detail_width then
    return
  end
  api.nvim_buf_clear_namespace(state.outbuf, ns_detail, 0, -1)
  local language_id = state.language_id
  for offset, entry in pairs(state.entries) do
    M.show_detail(state, Layout.row_of_offset(state.layout, offset), entry, language_id)
  end
end

--- Highlights the entry at `offset` as the current one (none when nil) and records it in
--- `state.current_offset`. Returns the entry's row, or nil.
function M.highlight_entry(state, offset)
  if not ui.valid_buf(state.outbuf) then
    return nil
  end
  api.nvim_buf_clear_namespace(state.outbuf, ns_current, 0, -1)
  state.current_offset = offset
  if offset == nil then
    return nil
  end
  local row = Layout.row_of_offset(state.layout, offset)
  api.nvim_buf_add_highlight(state.outbuf, ns_current, "ThumbIndexCurrent", row, 0, -1)
  return row
end

--- The name the outline's statusline gives its source buffer: the file's name without its folder.
function M.source_name(state)
  local name = ui.valid_buf(state.src) and api.nvim_buf_get_name(state.src) or ""
  return name == "" and "[No Name]" or vim.fn.fnamemodify(name, ":t")
end

--- Shows the file of the outline, its locale and the number of entries in the outline window's
--- statusline (a name too long for the window is cut at its start).
function M.update_statusline(state)
  if not ui.valid_win(state.outwin) then
    return
  end
  local parts = { (M.source_name(state):gsub("%%", "%%%%")) }
  if state.layout then
    table.insert(parts, state.layout.locale)
    table.insert(parts, state.layout.total == 1 and "1 entry" or (state.layout.total .. " entries"))
  end
  vim.wo[state.outwin].statusline = "%< " .. table.concat(parts, "  ")
end

return M
