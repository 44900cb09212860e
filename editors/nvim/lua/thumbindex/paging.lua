-- The outline's paging: a pager (pager.lua, which knows nothing of windows or of LSP) whose pages
-- are thumbindex/entries requests for the layout's version (thumbindex/workspaceEntries for the
-- workspace window), whose answers replace placeholder rows of the outline window, and which is
-- told what is in view as the outline scrolls.
local Layout = require("thumbindex.layout")
local Pager = require("thumbindex.pager")
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local lsp = require("thumbindex.client")
local thumb = require("thumbindex.thumb")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

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

--- Writes the rows of the entries at offset, offset + 1... (`texts`, a line each) in place of their
--- placeholders, a run of adjacent rows at a time, and records the entries in `state.entries`.
--- Returns their rows, or nil when the page is of a layout that has been replaced.
function M.put_rows(state, layout, offset, entries, texts)
  if state.closed or state.layout ~= layout or not ui.valid_buf(state.outbuf) then
    return nil
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
    local row = Layout.row_of_offset(layout, offset + i - 1)
    rows[i] = row
    state.entries[offset + i - 1] = entry
    if chunk_start and chunk_start + #chunk ~= row then
      flush()
    end
    chunk_start = chunk_start or row
    table.insert(chunk, texts[i])
  end
  flush()
  return rows
end

--- Keeps the pager told what is in view as the outline window's cursor moves and windows scroll or resize (in
--- autocommand group `group`); `resized(state)`, when given, runs on a scroll or resize before that.
function M.follow_view(state, group, resized)
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
      thumb.resized(state)
      if resized then
        resized(state)
      end
      M.view_changed(state)
    end,
  })
end

-- Puts a page of a document's entries in place of their placeholders and indexes them by source
-- line (for following the cursor). Returns false when the page is of a layout that has been replaced.
local function apply_entries(state, layout, offset, entries)
  local rows = M.put_rows(state, layout, offset, entries, vim.tbl_map(window.entry_text, entries))
  if not rows then
    return false
  end
  for i, entry in ipairs(entries) do
    local line = entry.range.start.line
    state.by_line[line] = state.by_line[line] or {}
    table.insert(state.by_line[line], offset + i - 1)
    window.show_detail(state, rows[i], entry, state.language_id)
  end
  return true
end

--- A pager for `layout` (with entries). `hooks.applied()` runs after a page has been put in place;
--- `hooks.stale()` when the server says the document changed since the layout (-32801). For
--- another list than a document's entries: `hooks.method` (the request, which takes offset, limit
--- and version and answers as thumbindex/entries) and `hooks.apply(state, layout, offset, entries)`
--- (puts a page in place; false when the layout has been replaced).
function M.start(state, layout, hooks)
  local options = config.get().paging
  local apply = hooks.apply or apply_entries
  return Pager.new({
    total = layout.total,
    page_size = options.page_size,
    preload = options.preload,
    fetch = function(offset, limit, done)
      local params = { offset = offset, limit = limit, version = layout.version }
      if not hooks.method then
        params.textDocument = lsp.text_document(state.src)
      end
      local method = hooks.method or "thumbindex/entries"
      return lsp.request(state.client, state.src, method, params, function(err, page)
        if not err and page and page.version ~= layout.version then
          err = { code = lsp.CONTENT_MODIFIED, message = "the page is of another version" }
        end
        done(err, page and page.entries)
      end)
    end,
    cancel = function(id)
      compat.cancel_request(state.client, id)
    end,
    apply = function(offset, entries)
      if apply(state, layout, offset, entries) then
        hooks.applied()
      end
    end,
    on_error = function(err)
      if err.code == lsp.CONTENT_MODIFIED then
        -- The document changed since the layout: lay it out again.
        hooks.stale()
      else
        ui.notify("entries: " .. ui.error_message(err))
      end
    end,
  })
end

return M
