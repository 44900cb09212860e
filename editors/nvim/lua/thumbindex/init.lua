-- ThumbIndex for Neovim: a sectioned outline with a thumb index, served by the thumbindex
-- language server. See :help thumbindex.
local compat = require("thumbindex.compat")
local config = require("thumbindex.config")
local languages = require("thumbindex.languages")
local lsp = require("thumbindex.client")
local outline = require("thumbindex.outline")
local workspace = require("thumbindex.workspace")

local M = {}

local api = vim.api

local function notify(message, level)
  vim.notify("thumbindex: " .. message, level or vim.log.levels.WARN)
end

local function autostart(buf)
  if not languages.wanted(buf) then
    return
  end
  local id, problem = lsp.attach(buf)
  if not id and not M._reported then
    M._reported = true
    notify(problem, vim.log.levels.ERROR)
  end
end

-- A buffer's filetype was set or changed: one the server is told about in another languageId is
-- opened there again with the new one (its outline asks again); another is attached when wanted.
local function filetype_changed(buf)
  if lsp.reopen(buf) then
    for _, state in ipairs(outline.states_of(buf)) do
      outline.refresh(state, true)
    end
  elseif config.get().autostart then
    autostart(buf)
  end
end

--- Sets the options (see :help thumbindex-options) and, with `autostart`, attaches the server to
--- buffers of the configured filetypes (or extensions, when a buffer has no filetype). A running
--- server is sent the new settings; one still starting, as soon as it has started.
function M.setup(options)
  config.setup(options)
  lsp.forget_told()
  local group = api.nvim_create_augroup("thumbindex_autostart", { clear = true })
  api.nvim_create_autocmd("FileType", {
    group = group,
    callback = function(args)
      filetype_changed(args.buf)
    end,
  })
  if config.get().autostart then
    -- A file whose extension names the format but which has no filetype. Only once every autocmd of
    -- the read has run (filetype detection, the user's own), so a filetype set there wins.
    api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
      group = group,
      callback = function(args)
        vim.schedule(function()
          autostart(args.buf)
        end)
      end,
    })
    for _, buf in ipairs(api.nvim_list_bufs()) do
      if api.nvim_buf_is_loaded(buf) then
        autostart(buf)
      end
    end
  end
  lsp.settings_changed()
end

--- :ThumbIndexOutline — opens the outline of the current buffer, or shows the current buffer in the
--- outline of this tab page and focuses it.
function M.open()
  return outline.open(0)
end

-- The window the cursor is in, when it is the workspace window or an outline: the module that serves
-- it and its state.
local function current_window()
  local state = workspace.state_for(0)
  if state then
    return workspace, state
  end
  state = outline.state_for(0)
  if state then
    return outline, state
  end
end

--- :ThumbIndexClose — closes the outline of the current buffer (or of this tab page); in the
--- workspace window, that window.
function M.close()
  local state = workspace.state_for(0)
  if state then
    workspace.close_state(state)
  else
    outline.close(0)
  end
end

--- :ThumbIndexRefresh — asks the server for the sections again (in the workspace window: the
--- workspace's).
function M.refresh()
  local module, state = current_window()
  if module then
    module.refresh(state, true)
  end
end

--- :ThumbIndexWorkspace [title] — opens the thumb index of the whole workspace (or goes to it), with
--- the server attached to the current buffer; jumps to the section of `title` when given.
function M.workspace(title)
  return workspace.open(title ~= "" and title or nil)
end

-- A jump without an outline: straight to the first entry of the section, in the current window.
local function jump_in_buffer(buf, title)
  lsp.when_ready(buf, function(client, problem)
    if not client then
      notify(problem, vim.log.levels.ERROR)
      return
    end
    local function ask(candidate, retry)
      local params = { textDocument = lsp.text_document(buf), indexTitle = candidate }
      lsp.request(client, buf, "thumbindex/jump", params, function(err, result)
        if err and retry and vim.fn.toupper(candidate) ~= candidate then
          return ask(vim.fn.toupper(candidate), false)
        elseif err then
          return notify("jump: " .. (err.message or tostring(err)))
        elseif result == nil or result == vim.NIL then
          return notify("there are no entries to jump to", vim.log.levels.INFO)
        end
        local win = api.nvim_get_current_win()
        if api.nvim_win_get_buf(win) ~= buf then
          return
        end
        local position = result.search and { line = 0, character = 0 } or result.location.range.start
        local text = api.nvim_buf_get_lines(buf, position.line, position.line + 1, false)[1] or ""
        api.nvim_win_set_cursor(win, {
          position.line + 1,
          compat.byte_col(text, position.character, client.offset_encoding or "utf-16"),
        })
      end)
    end
    ask(title, true)
  end)
end

--- :ThumbIndexJump {title} — jumps to the section of an index title (sparse sections go to the
--- nearest non-empty one, as the server decides).
function M.jump(title)
  if title == nil or title == "" then
    notify("ThumbIndexJump needs an index title, e.g. :ThumbIndexJump M")
    return
  end
  local module, state = current_window()
  if module then
    module.jump(state, title)
  else
    jump_in_buffer(api.nvim_get_current_buf(), title)
  end
end

-- The titles of a state's layout that start with `arglead` (in either case).
local function matching_titles(state, arglead)
  local titles = state and state.layout and state.layout.titles or {}
  return vim.tbl_filter(function(title)
    return vim.startswith(title, arglead) or vim.startswith(vim.fn.toupper(title), vim.fn.toupper(arglead))
  end, titles)
end

--- Completion for :ThumbIndexJump: the index titles of the current outline (or workspace window).
function M.complete_titles(arglead)
  return matching_titles(workspace.state_for(0) or outline.state_for(0), arglead)
end

--- Completion for :ThumbIndexWorkspace: the index titles of this tab page's workspace window.
function M.complete_workspace_titles(arglead)
  return matching_titles(workspace.tabs[api.nvim_get_current_tabpage()], arglead)
end

--- What :ThumbIndexInfo shows, as lines; also used by :checkhealth thumbindex.
--- Returns lines, and a table of facts { executable, version, locale, problem, kinds }: kinds[i]
--- says what line i tells ("neovim", "program", "server", "locale", "buffer", "outline"), so that
--- :checkhealth can tell each fact once. `buf` is the buffer told about (default: the current one).
function M.info_lines(buf)
  local current = api.nvim_get_current_buf()
  buf = buf or current
  local state = outline.state_for(buf)
  local src = state and state.src or buf
  local facts = { kinds = { "title", "neovim" } }
  local cmd = config.get().cmd
  local lines = { "ThumbIndex", "  Neovim: " .. compat.nvim_version() }
  local function add(kind, line)
    table.insert(lines, line)
    facts.kinds[#lines] = kind
  end
  local path = type(cmd) == "table" and cmd[1] and vim.fn.exepath(cmd[1]) or ""
  local version, problem = lsp.program_version()
  facts.version = version
  if version then
    facts.executable = path
    local shown = table.concat(cmd, " ")
    if path ~= cmd[1] then
      shown = string.format("%s (%s)", shown, path)
    end
    add("program", string.format("  program: %s, version %s", shown, version))
  else
    facts.problem = problem
    add("program", "  program: " .. problem)
    return lines, facts
  end
  local running = lsp.get(src) or lsp.get()
  local locale, err = lsp.probe_locale(src)
  facts.locale = locale
  if running then
    add("server", string.format("  server: running (client %d)", running.id))
  elseif locale then
    add("server", "  server: starts and answers (started for this check, then stopped)")
  end
  if locale then
    local configured = config.server_settings().locale
    add(
      "locale",
      string.format(
        "  locale: %s (%s)",
        locale,
        configured and ("settings.locale = " .. configured) or "from the server's environment: LC_ALL, LC_COLLATE, LANG"
      )
    )
  else
    facts.problem = err
    add("server", "  server: does not answer: " .. tostring(err))
  end
  -- :checkhealth runs in a buffer of its own: it names the one it tells about.
  local which = "this buffer"
  if buf ~= current then
    local name = vim.fn.fnamemodify(api.nvim_buf_get_name(src), ":~:.")
    which = string.format("buffer %d (%s)", src, name ~= "" and name or "no name")
  end
  local ft, by_extension = languages.filetype(src)
  local shown_ft = by_extension and string.format("none (.%s: %s)", languages.extension(src), ft) or ft
  shown_ft = shown_ft ~= "" and shown_ft or "none"
  local attached = lsp.get(src)
  if attached then
    add(
      "buffer",
      string.format(
        "  %s: attached, filetype %s sent as languageId %s, positions in %s",
        which,
        shown_ft,
        lsp.sent[src] or languages.language_id(src),
        attached.offset_encoding or "utf-16"
      )
    )
  else
    add("buffer", string.format("  %s: not attached (filetype %s)", which, shown_ft))
  end
  if state and state.layout then
    local pager = state.pager
    local loaded, pending = 0, 0
    for _, page in pairs(pager and pager.pages or {}) do
      if page.state == "loaded" then
        loaded = loaded + 1
      else
        pending = pending + 1
      end
    end
    add(
      "outline",
      string.format(
        "  outline: %d entries in %d sections, version %d; %d of %d pages loaded, %d in flight",
        state.layout.total,
        #state.layout.sections,
        state.layout.version,
        loaded,
        pager and pager:page_count() or 0,
        pending
      )
    )
  end
  return lines, facts
end

--- :[range]ThumbIndexSort — sorts the current buffer's entries into the order of its outline: all
--- of them, or with a range the entries its lines touch (see lua/thumbindex/sort.lua).
function M.sort(_, args)
  local ranged = args and args.range and args.range > 0
  require("thumbindex.sort").sort(0, ranged and args.line1 or nil, ranged and args.line2 or nil)
end

--- :ThumbIndexInfo
function M.info()
  local lines = M.info_lines()
  print(table.concat(lines, "\n"))
end

return M
