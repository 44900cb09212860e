-- :ThumbIndexWorkspace: the thumb index of the whole workspace (every entry of the files of the
-- workspace folder that the server reads) in a side window. It is laid out, paged, drawn and jumped
-- in as the document outline is (layout.lua, paging.lua, window.lua, thumb.lua, commands.lua); what
-- differs is here: the thumbindex/workspace* requests, rows that name their files, <CR> opening an
-- entry's file, and the workspace still being read. One per tab page.
local Layout = require("thumbindex.layout")
local commands = require("thumbindex.commands")
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local lsp = require("thumbindex.client")
local outline = require("thumbindex.outline")
local paging = require("thumbindex.paging")
local thumb = require("thumbindex.thumb")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

--- The LSP error InvalidRequest: the server reads no workspace folder.
M.NO_WORKSPACE = -32600

--- How long to wait before asking again while the server is still reading the files (ms).
M.retry_delay = 300

--- Workspace states by tab page.
M.tabs = {}
-- The workspace and its thumb index buffers → their state.
local owner = {}

--- The workspace state of buffer `buf` (its window's or its thumb index's), or nil.
function M.state_for(buf)
  return owner[(buf == nil or buf == 0) and api.nvim_get_current_buf() or buf]
end

-- The workspace folders of the client, as paths.
local function folders(state)
  local found = {}
  for _, folder in ipairs(state.client.workspace_folders or {}) do
    table.insert(found, vim.uri_to_fname(folder.uri))
  end
  if #found == 0 and state.client.config.root_dir then
    found[1] = state.client.config.root_dir
  end
  return found
end

--- The name of an entry's file as a row shows it: relative to the workspace folder holding it.
function M.file_name(state, uri)
  local path = vim.uri_to_fname(uri)
  for _, root in ipairs(folders(state)) do
    -- Not vim.startswith: it runs vim.validate for every row (see config.is_list).
    if path:sub(1, #root + 1) == root .. "/" then
      return path:sub(#root + 2)
    end
  end
  return vim.fn.fnamemodify(path, ":~:.")
end

--- The text of an entry's row, "  name  detail  file", and the byte where the dimmed part starts.
function M.entry_text(state, entry)
  local text = window.entry_text(entry)
  local name_end = #text
  if entry.detail and entry.detail ~= "" then
    text = text .. "  " .. (entry.detail:gsub("[\r\n]", " "))
  end
  return text .. "  " .. M.file_name(state, entry.uri), name_end
end

-- Puts a page of entries in place of their placeholders (see paging.start).
local function apply(state, layout, offset, entries)
  local texts, name_ends = {}, {}
  for i, entry in ipairs(entries) do
    texts[i], name_ends[i] = M.entry_text(state, entry)
  end
  local rows = paging.put_rows(state, layout, offset, entries, texts)
  if not rows then
    return false
  end
  for i, row in ipairs(rows) do
    api.nvim_buf_add_highlight(state.outbuf, window.ns, "ThumbIndexDetail", row, name_ends[i], -1)
  end
  return true
end

local function update_statusline(state)
  if not ui.valid_win(state.outwin) then
    return
  end
  local roots = vim.tbl_map(function(root)
    return vim.fn.fnamemodify(root, ":~")
  end, folders(state))
  local parts = { "Workspace", table.concat(roots, ", ") }
  if state.layout then
    table.insert(parts, state.layout.locale)
    table.insert(parts, state.layout.total == 1 and "1 entry" or (state.layout.total .. " entries"))
  end
  vim.wo[state.outwin].statusline = "%< " .. (table.concat(parts, "  "):gsub("%%", "%%%%"))
end

-- Replaces the sections with a message (an error, the files still being read): no layout, no
-- pages, no letters to jump to.
local function show_message(state, lines)
  if state.pager then
    state.pager:close()
  end
  state.layout, state.entries, state.pager = nil, {}, nil
  window.set_message(state, lines)
  commands.map_letters(state, M.jump)
  update_statusline(state)
  thumb.render(state)
end

-- Lays the window out for a thumbindex/workspaceSections result, as the outline is (outline.lay_out).
local function lay_out(state, result)
  local layout = Layout.new(result)
  local cursor = ui.valid_win(state.outwin) and api.nvim_win_get_cursor(state.outwin)[1] or 1
  if state.pager then
    state.pager:close()
  end
  state.layout, state.entries, state.pager = layout, {}, nil
  local roots = table.concat(folders(state), ", ")
  window.draw(state, layout, {
    string.format("No entries: no file of the workspace (%s) has entries the server reads.", roots),
  })
  if layout.total > 0 then
    state.pager = paging.start(state, layout, {
      method = "thumbindex/workspaceEntries",
      apply = apply,
      applied = function() end,
      stale = function()
        M.refresh(state)
      end,
    })
  end
  if ui.valid_win(state.outwin) then
    api.nvim_win_set_cursor(state.outwin, { math.min(cursor, api.nvim_buf_line_count(state.outbuf)), 0 })
  end
  commands.map_letters(state, M.jump)
  update_statusline(state)
  thumb.render(state)
  paging.view_changed(state)
  if state.pending_title then
    local title = state.pending_title
    state.pending_title = nil
    M.jump(state, title)
  end
end

-- What the window says when the server answers an error.
local function error_message(state, err)
  local lines = { "thumbindex: " .. ui.error_message(err) }
  if type(err) == "table" and err.code == M.NO_WORKSPACE then
    local root = state.client.config.root_dir or "none"
    local hint = "The workspace folder is the root_dir option, else the directory Neovim was in when the server "
      .. "started (now %s); / and the home directory are not read. Change it and restart the server."
    table.insert(lines, string.format(hint, root))
  end
  return lines
end

--- Asks the server for the workspace's sections and lays the window out anew when they changed (or
--- always, with `force`). While the server is still reading the files, the window says so and asks
--- again after `M.retry_delay` ms.
function M.refresh(state, force)
  if state.closed or not state.client then
    return
  end
  state.refresh_seq = (state.refresh_seq or 0) + 1
  local seq = state.refresh_seq
  local sent = lsp.request(state.client, nil, "thumbindex/workspaceSections", vim.empty_dict(), function(err, result)
    if state.closed or seq ~= state.refresh_seq then
      return
    end
    if err then
      show_message(state, error_message(state, err))
      return
    end
    if not result.complete then
      local keys = config.get().outline.keymaps
      show_message(state, {
        "Reading the workspace…",
        string.format("It is asked again until it is done, or now with %s (:ThumbIndexRefresh).", keys.refresh),
      })
      if not state.retrying then
        state.retrying = true
        vim.defer_fn(function()
          state.retrying = false
          M.refresh(state)
        end, M.retry_delay)
      end
      return
    end
    local layout = state.layout
    if force or not layout or layout.version ~= result.version or layout.total ~= result.totalCount then
      lay_out(state, result)
    end
  end)
  if not sent then
    show_message(state, { "thumbindex: the server has stopped; run :ThumbIndexWorkspace again in a file" })
  end
end

--- Jumps to the section of index title `title`: the server's thumbindex/workspaceJump names it and
--- the window shows its header at the top. Before the window is laid out, the jump waits for it.
function M.jump(state, title)
  local layout = state.layout
  if not layout then
    state.pending_title = title
    return
  end
  local resolved = commands.title_in(layout, title)
  if not resolved then
    return
  end
  state.jump_seq = (state.jump_seq or 0) + 1
  local seq = state.jump_seq
  lsp.request(state.client, nil, "thumbindex/workspaceJump", { indexTitle = resolved }, function(err, result)
    if state.closed or seq ~= state.jump_seq then
      return -- closed, or another jump came after this one
    end
    if err then
      ui.notify("jump: " .. ui.error_message(err))
    elseif result == nil or result == vim.NIL then
      ui.notify("there are no entries to jump to", vim.log.levels.INFO)
    elseif result.search then
      commands.show_section(state, nil)
    else
      local section = state.layout and state.layout.sections[result.section + 1]
      if section and section.offset == result.offset then
        commands.show_section(state, result.section + 1)
      else
        M.refresh(state) -- the workspace changed since the layout
      end
    end
  end)
end

-- Whether an entry's file may be opened in window `win`: a normal window of the tab page that is
-- not one of ThumbIndex's own.
local function editable(state, win)
  if not ui.valid_win(win) or api.nvim_win_get_tabpage(win) ~= state.tab then
    return false
  end
  local filetype = vim.bo[api.nvim_win_get_buf(win)].filetype
  return api.nvim_win_get_config(win).relative == "" and filetype ~= "thumbindex" and filetype ~= "thumbindexthumb"
end

-- The window an entry's file opens in: the one the workspace was opened from, else the previous
-- window, else a new one beside the workspace window.
local function target_window(state)
  if editable(state, state.srcwin) then
    return state.srcwin
  end
  local previous = api.nvim_win_call(state.outwin, function()
    return vim.fn.win_getid(vim.fn.winnr("#"))
  end)
  if editable(state, previous) then
    return previous
  end
  api.nvim_set_current_win(state.outwin)
  vim.cmd(config.get().outline.position == "left" and "botright vsplit" or "topleft vsplit")
  return api.nvim_get_current_win()
end

--- Opens the file of `entry` in the target window with the cursor at its selectionRange's start
--- (counted in the client's position encoding), and goes there.
function M.open_entry(state, entry)
  local win = target_window(state)
  state.srcwin = win
  api.nvim_set_current_win(win)
  local ok, err = pcall(vim.cmd, "edit " .. vim.fn.fnameescape(vim.uri_to_fname(entry.uri)))
  if not ok then
    ui.notify(ui.error_message(err), vim.log.levels.ERROR)
    return
  end
  local buf = api.nvim_win_get_buf(win)
  local position = entry.selectionRange.start
  local line = math.min(position.line, api.nvim_buf_line_count(buf) - 1)
  local text = api.nvim_buf_get_lines(buf, line, line + 1, false)[1] or ""
  local encoding = state.client.offset_encoding or "utf-16"
  api.nvim_win_set_cursor(win, { line + 1, compat.byte_col(text, position.character, encoding) })
  vim.cmd("normal! zv")
end

--- Opens the entry under the cursor of the workspace window (a header: its section's first entry).
function M.go_to_entry(state)
  local layout = state.layout
  if not (layout and ui.valid_win(state.outwin)) or layout.total == 0 then
    return
  end
  local section, offset = Layout.at_row(layout, api.nvim_win_get_cursor(state.outwin)[1] - 1)
  offset = offset or layout.sections[section].offset
  if state.entries[offset] then
    M.open_entry(state, state.entries[offset])
    return
  end
  -- Not loaded yet: ask for that one entry.
  local params = { offset = offset, limit = 1, version = layout.version }
  lsp.request(state.client, nil, "thumbindex/workspaceEntries", params, function(err, result)
    if state.closed then
      return
    elseif err then
      if err.code == lsp.CONTENT_MODIFIED then
        M.refresh(state)
      end
      ui.notify(ui.error_message(err))
    elseif result and result.entries[1] then
      M.open_entry(state, result.entries[1])
    end
  end)
end

--- Closes a workspace window: its windows, buffers, pager and autocommands (as an outline's).
function M.close_state(state)
  if M.tabs[state.tab] == state then
    M.tabs[state.tab] = nil
  end
  for _, buf in ipairs({ state.outbuf, state.thumbbuf }) do
    owner[buf] = nil
  end
  outline.close_state(state)
end

local function watch(state)
  local group = api.nvim_create_augroup("thumbindex_workspace_" .. state.outbuf, { clear = true })
  state.augroup = group
  paging.follow_view(state, group)
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

-- Opens the windows of a new workspace state beside the current window.
local function open_windows(state)
  local options = config.get().outline
  -- Wider than an outline: the rows name their files too.
  local width = math.max(options.width, math.floor(vim.o.columns * 0.4))
  window.open(state, string.format("thumbindex://workspace/%d", state.tab), width)
  owner[state.outbuf] = state
  if options.thumb_index then
    thumb.open(state)
    owner[state.thumbbuf] = state
  end
  window.set_syntax(state)
  if state.thumbbuf then
    thumb.set_syntax(state)
  end
  commands.set_keymaps(state, {
    go = function()
      M.go_to_entry(state)
    end,
    refresh = function()
      M.refresh(state, true)
    end,
    close = function()
      M.close_state(state)
    end,
    jump = M.jump,
  })
  watch(state)
end

--- :ThumbIndexWorkspace [title]: opens the workspace window of this tab page (or goes to it) with
--- the server attached to the current buffer, and jumps to the section of `title` when given.
--- Returns the state, or nil when no server is attached (the user is told).
function M.open(title)
  window.define_highlights()
  local buf, win = api.nvim_get_current_buf(), api.nvim_get_current_win()
  local tab = api.nvim_get_current_tabpage()
  local state = owner[buf] or M.tabs[tab]
  if state and ui.valid_win(state.outwin) then
    api.nvim_set_current_win(state.outwin)
    if title then
      M.jump(state, title)
    end
    return state
  elseif state then
    M.close_state(state)
  end
  -- Run in an outline window: its source buffer and window stand for it.
  local shown = outline.state_for(buf)
  if shown and shown.src ~= buf then
    buf, win = shown.src, shown.srcwin
  end
  local client = lsp.get(buf)
  if not client then
    ui.notify(
      "no thumbindex server is attached to this buffer: open a file it reads (a .vcf, .md, .csv or .txt file "
        .. "of the workspace) or run :ThumbIndexOutline in one, then :ThumbIndexWorkspace there"
    )
    return nil
  end
  state = { tab = tab, srcwin = win, client = client, entries = {}, pending_title = title }
  M.tabs[tab] = state
  open_windows(state)
  update_statusline(state)
  window.set_message(state, "  Loading…")
  lsp.when_initialized(client.id, buf, function(ready, problem)
    if state.closed then
      return
    elseif not ready then
      window.set_message(state, { "thumbindex: " .. problem })
      return
    end
    M.refresh(state)
  end)
  return state
end

return M
