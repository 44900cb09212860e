-- :ThumbIndexWorkspace against the real server: the thumb index of a folder of contacts and notes,
-- read from disk (the server's workspace folder is the root_dir option).
local H = require("harness")
local S = require("support")
local api = vim.api

-- A fresh workspace folder: two vCard files and a Markdown file, with entries in several sections.
local function make_workspace()
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder .. "/contacts", "p")
  vim.fn.mkdir(folder .. "/notes", "p")
  vim.fn.writefile({
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:Lindqvist;Anna;;;",
    "FN:Anna Lindqvist",
    "ORG:Acme",
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:Östberg;Örjan;;;",
    "FN:Örjan Östberg",
    "END:VCARD",
  }, folder .. "/contacts/anna.vcf")
  vim.fn.writefile({
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:Ek;Bo;;;",
    "FN:Bo Ek",
    "END:VCARD",
  }, folder .. "/contacts/bo.vcf")
  local notes = { "# Zeta", "", "## Ärlig", "", "## Åska", "", "## Bertil", "", "## Linnea" }
  vim.fn.writefile(notes, folder .. "/notes/ideas.md")
  return folder
end

-- A server whose workspace is a new folder; the notes file edited in the current window. Returns
-- the folder, the notes buffer and its window.
local function start_in_workspace(extra)
  local folder = make_workspace()
  S.restart_server(vim.tbl_deep_extend("force", { root_dir = folder }, extra or {}))
  vim.cmd("edit " .. vim.fn.fnameescape(folder .. "/notes/ideas.md"))
  local buf = api.nvim_get_current_buf()
  S.wait_attached(buf)
  return folder, buf, api.nvim_get_current_win()
end

-- Runs :ThumbIndexWorkspace with `args` and waits until every row of its window is filled.
local function open_workspace(args)
  vim.cmd("ThumbIndexWorkspace " .. (args or ""))
  local state = H.ok(require("thumbindex.workspace").tabs[api.nvim_get_current_tabpage()], "a workspace window")
  H.wait_for(function()
    return state.layout
  end, "the workspace's sections", 10000)
  S.wait_all_loaded(state)
  return state
end

local expected = {
  "B",
  "  Bertil  notes/ideas.md",
  "E",
  "  Bo Ek  contacts/bo.vcf",
  "L",
  "  Anna Lindqvist  Acme  contacts/anna.vcf",
  "  Linnea  notes/ideas.md",
  "Z",
  "  Zeta  notes/ideas.md",
  "Å",
  "  Åska  notes/ideas.md",
  "Ä",
  "  Ärlig  notes/ideas.md",
  "Ö",
  "  Örjan Östberg  contacts/anna.vcf",
}

H.test("workspace: the window lists the entries of the files on disk, in Swedish order across files", function()
  local _, _, srcwin = start_in_workspace()
  local state = open_workspace()
  H.eq(expected, S.lines(state), "the workspace window")
  H.eq(8, state.layout.total, "entries")
  H.eq(state.outwin, api.nvim_get_current_win(), "the workspace window has the focus")
  H.ok(api.nvim_win_is_valid(srcwin), "the notes window stays")
  local statusline = vim.wo[state.outwin].statusline
  H.ok(statusline:find("Workspace", 1, true) and statusline:find("8 entries", 1, true), "statusline: " .. statusline)
  local thumb = table.concat(S.wait_thumb(state), " ")
  H.ok(thumb:find("^A ") and thumb:find("#%s*$"), "the thumb index: " .. thumb)
  H.eq({ "Ä" }, require("thumbindex").complete_workspace_titles("ä"), "completion of :ThumbIndexWorkspace ä")
end)

H.test("workspace: while the server reads the files, the window says so, then lays them out", function()
  start_in_workspace()
  -- The server's first answers say the files are still being read (complete = false, no sections).
  local lsp = require("thumbindex.client")
  local real, reading, asked = lsp.request, true, 0
  lsp.request = function(client, buf, method, params, handler)
    if method ~= "thumbindex/workspaceSections" or not reading then
      return real(client, buf, method, params, handler)
    end
    asked = asked + 1
    return real(client, buf, method, params, function(err, result)
      handler(err, result and vim.tbl_extend("force", result, { complete = false, totalCount = 0, sections = {} }))
    end)
  end
  local ok, err = pcall(function()
    vim.cmd("ThumbIndexWorkspace")
    local state = require("thumbindex.workspace").tabs[api.nvim_get_current_tabpage()]
    H.wait_for(function()
      return S.text(state):find("Reading the workspace…", 1, true)
    end, "the window to say the workspace is being read")
    H.ok(S.text(state):find("or now with <C-r> (:ThumbIndexRefresh)", 1, true), "how to ask: " .. S.text(state))
    H.eq(nil, state.layout, "no sections yet")
    H.wait_for(function()
      return asked >= 2
    end, "the window to ask again by itself")
    reading = false
    S.type("<C-r>")
    H.wait_for(function()
      return state.layout
    end, "the sections once read")
    S.wait_all_loaded(state)
    H.eq(expected, S.lines(state), "the workspace window")
  end)
  lsp.request = real
  H.ok(ok, err)
end)

H.test("workspace: <CR> opens the entry's file in the window it was opened from, at the entry; q closes", function()
  local folder, _, srcwin = start_in_workspace()
  local state = open_workspace()
  api.nvim_win_set_cursor(state.outwin, { S.row_of(state, "  Örjan Östberg  contacts/anna.vcf") + 1, 0 })
  S.type("<CR>")
  H.eq(srcwin, api.nvim_get_current_win(), "into the window the workspace was opened from")
  H.eq(folder .. "/contacts/anna.vcf", api.nvim_buf_get_name(0), "the contact's file")
  H.eq({ 10, 0 }, S.cursor(srcwin), "on Örjan's FN line")
  -- On a header: its section's first entry; a Markdown heading's text starts after "## ".
  api.nvim_set_current_win(state.outwin)
  api.nvim_win_set_cursor(state.outwin, { S.row_of(state, "Å") + 1, 0 })
  S.type("<CR>")
  H.eq(folder .. "/notes/ideas.md", api.nvim_buf_get_name(0), "the notes file")
  H.eq({ 5, 3 }, S.cursor(srcwin), "on Åska")
  -- With that window gone, the file opens in a new window beside the workspace window.
  api.nvim_win_close(srcwin, true)
  api.nvim_set_current_win(state.outwin)
  api.nvim_win_set_cursor(state.outwin, { S.row_of(state, "  Bo Ek  contacts/bo.vcf") + 1, 0 })
  S.type("<CR>")
  local win = api.nvim_get_current_win()
  H.ok(win ~= state.outwin and win ~= state.thumbwin, "in a new window")
  H.eq({ folder .. "/contacts/bo.vcf", 4 }, { api.nvim_buf_get_name(0), S.cursor(win)[1] }, "on Bo Ek")
  H.ok(api.nvim_win_is_valid(state.outwin), "the workspace window stays")
  api.nvim_set_current_win(state.outwin)
  S.type("q")
  H.ok(state.closed, "q closes the workspace")
  H.eq({ win }, api.nvim_list_wins(), "and its windows")
end)

H.test("workspace: :ThumbIndexWorkspace {title}, f{char} and the thumb index jump to a section", function()
  start_in_workspace()
  local state = open_workspace("ö")
  local function on_header(title)
    H.wait_for(function()
      return S.cursor(state.outwin)[1] == S.row_of(state, title) + 1
    end, "the cursor on the " .. title .. " header")
  end
  on_header("Ö")
  vim.cmd("ThumbIndexWorkspace Q") -- no entries under Q: the server picks L, the nearest before
  on_header("L")
  H.eq(state.outwin, api.nvim_get_current_win(), "in the workspace window")
  S.type("fä")
  on_header("Ä")
  vim.cmd("ThumbIndexJump z")
  on_header("Z")
  api.nvim_set_current_win(state.thumbwin)
  S.type("E")
  on_header("E")
  vim.cmd("ThumbIndexWorkspace C")
  on_header("B")
end)

H.test("workspace: without a server attached to the buffer, the user is told so", function()
  S.setup()
  vim.cmd("enew")
  vim.cmd("ThumbIndexWorkspace")
  H.eq(nil, require("thumbindex.workspace").tabs[api.nvim_get_current_tabpage()], "no workspace window")
  H.eq(1, #api.nvim_list_wins(), "no window opened")
  local told = H.notifications[#H.notifications]
  local message = "thumbindex: no thumbindex server is attached to this buffer"
  H.ok(told and told.message:find(message, 1, true), "told: " .. vim.inspect(told))
end)

H.test("workspace: a server that reads no workspace folder says so in the window, and where it looked", function()
  local folder = start_in_workspace({ settings = { workspace = { index = false } } })
  vim.cmd("ThumbIndexWorkspace")
  local state = require("thumbindex.workspace").tabs[api.nvim_get_current_tabpage()]
  H.wait_for(function()
    return S.text(state):find("thumbindex: no workspace folder is read", 1, true)
  end, "the server's refusal in the window")
  H.ok(S.text(state):find("root_dir option", 1, true) and S.text(state):find(folder, 1, true), S.text(state))
  H.eq(nil, state.layout, "no sections")
  S.restart_server()
end)
