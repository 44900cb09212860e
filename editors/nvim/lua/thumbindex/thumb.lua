-- The thumb index: the section index titles spread down a narrow window beside the outline, the
-- title of the section in view highlighted. When the titles do not fit, the server condenses them
-- (thumbindex/indexTitles with maxIndexTitles) and a bullet stands for each elided run, as on iOS.
local Layout = require("thumbindex.layout")
local config = require("thumbindex.config")
local lsp = require("thumbindex.client")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

local ns = api.nvim_create_namespace("thumbindex_thumb")

--- Opens the thumb index window at the right edge of the outline window (which stays current).
function M.open(state)
  state.thumbbuf = window.scratch_buffer("thumbindexthumb")
  vim.cmd(string.format("rightbelow vertical sbuffer %d", state.thumbbuf))
  state.thumbwin = api.nvim_get_current_win()
  api.nvim_win_set_width(state.thumbwin, 3)
  window.window_options(state.thumbwin, false)
  vim.wo[state.thumbwin].statusline = " "
  state.thumb_height = api.nvim_win_get_height(state.thumbwin)
  api.nvim_set_current_win(state.outwin)
end

--- Sets the syntax of the titles (once the windows are arranged).
function M.set_syntax(state)
  api.nvim_buf_call(state.thumbbuf, function()
    vim.cmd("syntax match ThumbIndexTitle /\\S\\+/")
  end)
end

--- Draws the thumb index again when its window's height changed.
function M.resized(state)
  local height = ui.valid_win(state.thumbwin) and api.nvim_win_get_height(state.thumbwin)
  if state.thumb_height ~= height then
    state.thumb_height = height
    M.render(state)
  end
end

--- Highlights the title of the section at the top of the outline.
function M.highlight(state)
  if not (ui.valid_buf(state.thumbbuf) and state.thumb_rows and state.layout) then
    return
  end
  api.nvim_buf_clear_namespace(state.thumbbuf, ns, 0, -1)
  if not ui.valid_win(state.outwin) or state.layout.total == 0 then
    return
  end
  local top = api.nvim_win_call(state.outwin, function()
    return vim.fn.line("w0")
  end)
  local section = state.layout.sections[(Layout.at_row(state.layout, top - 1))]
  for row, k in pairs(state.thumb_rows) do
    if state.thumb_titles[k] == section.title then
      api.nvim_buf_add_highlight(state.thumbbuf, ns, "ThumbIndexTitleCurrent", row, 0, -1)
    end
  end
end

--- How a title is drawn: the {search} entry (index.includeSearch) as `outline.search_title`.
function M.shown_title(title)
  if title == "{search}" then
    return config.get().outline.search_title
  end
  return title
end

-- Draws `titles` spread down the window (none: an empty column).
local function draw(state, titles)
  if not (ui.valid_win(state.thumbwin) and ui.valid_buf(state.thumbbuf)) then
    return
  end
  local height = api.nvim_win_get_height(state.thumbwin)
  local width = 1
  local shown = vim.tbl_map(M.shown_title, titles)
  for _, title in ipairs(shown) do
    width = math.max(width, vim.fn.strdisplaywidth(title))
  end
  local lines = {}
  for row = 1, height do
    lines[row] = ""
  end
  state.thumb_rows, state.thumb_titles = {}, titles
  for k, title in ipairs(shown) do
    local row = math.floor((k - 1) * height / #titles)
    state.thumb_rows[row] = k
    local pad = width - vim.fn.strdisplaywidth(title)
    lines[row + 1] = string.rep(" ", math.floor(pad / 2) + 1) .. title
  end
  ui.set_lines(state.thumbbuf, 0, -1, lines)
  api.nvim_win_set_width(state.thumbwin, width + 2)
  M.highlight(state)
end

--- Draws the thumb index: every index title spread down the window, or, when they do not fit,
--- the server's condensed list (bullets standing for elided runs, as iOS does). An outline without
--- entries has none.
function M.render(state)
  local layout = state.layout
  if not ui.valid_win(state.thumbwin) then
    return
  elseif not layout or layout.total == 0 then
    draw(state, {}) -- no entries (or not yet): no titles to jump to
    return
  end
  local height = api.nvim_win_get_height(state.thumbwin)
  local titles = layout.titles
  if #titles <= height or height < 3 or not state.client then
    draw(state, titles)
    return
  end
  state.condensed = state.condensed or {}
  local key = layout.locale .. "/" .. height
  if state.condensed[key] then
    draw(state, state.condensed[key])
    return
  end
  lsp.request(
    state.client,
    state.src,
    "thumbindex/indexTitles",
    { locale = layout.locale, maxIndexTitles = height },
    function(err, result)
      if state.closed or not result or err then
        return
      end
      state.condensed[key] = result.sectionIndexTitles
      if state.layout and state.layout.locale == layout.locale then
        draw(state, result.sectionIndexTitles)
      end
    end
  )
end

-- The full title a row of the thumb index stands for: the title on that row or the nearest above
-- it; a bullet stands for the middle of the run of titles it elides.
function M.title_at(state, row)
  local titles, chosen = state.thumb_titles or {}, nil
  for r in pairs(state.thumb_rows or {}) do
    if r <= row and (chosen == nil or r > chosen) then
      chosen = r
    end
  end
  if chosen == nil then
    return nil
  end
  local k = state.thumb_rows[chosen]
  if titles[k] ~= "•" then
    return titles[k]
  end
  local full = state.layout.titles
  local from = titles[k - 1] and vim.fn.index(full, titles[k - 1]) or 0
  local to = titles[k + 1] and vim.fn.index(full, titles[k + 1]) or #full - 1
  return full[math.floor((from + to) / 2) + 1]
end

return M
