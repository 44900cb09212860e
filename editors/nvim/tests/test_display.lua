-- What the outline and the thumb index draw: no thumb index without entries, the {search} title as
-- a symbol, CSV details that tell a comma in a cell from one between cells, and details cut with an
-- ellipsis where the window ends.
local H = require("harness")
local S = require("support")
local api = vim.api

local detail = require("thumbindex.detail")


-- The details drawn after the entries: { [entry text] = detail }.
local function details(state)
  local ns = api.nvim_get_namespaces()["thumbindex_detail"]
  local found = {}
  for _, mark in ipairs(api.nvim_buf_get_extmarks(state.outbuf, ns, 0, -1, { details = true })) do
    local line = api.nvim_buf_get_lines(state.outbuf, mark[2], mark[2] + 1, false)[1]
    found[vim.trim(line)] = mark[4].virt_text[1][1]
  end
  return found
end

H.test("an outline without entries draws no thumb index", function()
  S.setup()
  S.edit_text("blank.txt", { "", "   " })
  local state = S.open_outline()
  H.wait_for(function()
    return S.text(state):find("No entries", 1, true)
  end, "the outline to say it has no entries")
  H.eq({}, S.thumb_titles(state), "no titles in the thumb index")
  -- Entries come: the thumb index comes with them.
  api.nvim_buf_set_lines(state.src, 0, -1, false, { "Anna" })
  H.eq("A", S.wait_thumb(state)[1], "its first title")
end)

H.test("the {search} title is drawn as outline.search_title, not as text", function()
  S.setup({ settings = { index = { includeSearch = true } } })
  S.edit("names.txt")
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq("{search}", state.layout.titles[1], "the server's first title")
  local shown = S.wait_thumb(state)
  H.eq("⌕", shown[1], "drawn as ⌕: " .. table.concat(shown, " "))
  H.ok(not table.concat(shown, " "):find("{search}", 1, true), "no literal {search}")
  -- Jumping to it goes to the top.
  api.nvim_set_current_win(state.thumbwin)
  api.nvim_win_set_cursor(state.thumbwin, { 1, 0 })
  S.type("<CR>")
  H.wait_for(function()
    return S.cursor(state.outwin)[1] == 1
  end, "the outline at its top")
end)

H.test("a CSV row's detail quotes the cells that hold a comma or a quote", function()
  S.setup()
  S.edit_text("people.csv", {
    "name,city,note",
    'Anna,"Stockholm, Sweden",hi',
    'Bo,Lund,"a ""quoted"" note"',
    "Cecilia,,Malmö",
  })
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.wait_for(function()
    return details(state)["Cecilia"]
  end, "the details")
  H.eq({
    Anna = '"Stockholm, Sweden", hi',
    Bo = 'Lund, "a ""quoted"" note"',
    Cecilia = "Malmö",
  }, details(state), "the details, as a CSV line writes the cells")
  local cells = detail.cells('a ," b, c ","say ""hi""",,"line one\nline two"', ",")
  H.eq({ "a", "b, c", 'say "hi"', "", "line one line two" }, cells, "cells")
end)

H.test("a detail is cut with an ellipsis where the window ends", function()
  S.setup({ outline = { width = 30 } })
  local long = "a very long note that does not fit beside the name in a narrow window"
  S.edit_text("notes.tsv", { "name\tnote", "Anna\t" .. long, "Bo\tshort" })
  local state = S.open_outline()
  S.wait_all_loaded(state)
  local width = api.nvim_win_get_width(state.outwin)
  local shown = H.wait_for(function()
    return details(state)["Anna"]
  end, "Anna's detail")
  H.ok(vim.endswith(shown, "…"), "ends with an ellipsis: " .. shown)
  local used = vim.fn.strdisplaywidth("  Anna") + 1 + vim.fn.strdisplaywidth(shown)
  H.ok(used <= width and used >= width - 1, string.format("fills the row to the window's edge: %d of %d", used, width))
  H.eq("short", details(state)["Bo"], "a detail that fits is whole")
  -- A wider window: cut again, at its new edge.
  api.nvim_win_set_width(state.outwin, width + 10)
  api.nvim_exec_autocmds("VimResized", {})
  H.wait_for(function()
    local now = vim.fn.strdisplaywidth("  Anna") + 1 + vim.fn.strdisplaywidth(details(state)["Anna"])
    return now <= width + 10 and now >= width + 9
  end, "Anna's detail cut at the new edge")
  H.eq("a", detail.fit("a", 1), "fits")
  H.eq(nil, detail.fit("abc", 1), "no room for a character and the ellipsis")
  H.eq("ab…", detail.fit("abcdef", 3), "cut")
end)

H.test(":checkhealth thumbindex tells each fact once", function()
  S.setup()
  local buf = S.edit("names.txt")
  S.wait_attached(buf)
  vim.cmd("silent checkhealth thumbindex")
  local text = table.concat(api.nvim_buf_get_lines(0, 0, -1, false), "\n")
  local function count(needle)
    local n, from = 0, 1
    while true do
      local at = text:find(needle, from, true)
      if not at then
        return n
      end
      n, from = n + 1, at + #needle
    end
  end
  local version = require("thumbindex.client").program_version()
  for _, fact in ipairs({ "Neovim " .. require("thumbindex.compat").nvim_version(), version, "sv-SE", S.bin }) do
    H.eq(1, count(fact), string.format("%q in:\n%s\n", fact, text))
  end
  vim.cmd("silent! tabclose")
end)

H.test(":checkhealth thumbindex tells about the buffer it was run from, not its own", function()
  S.setup()
  local buf, path = S.edit("names.txt")
  S.wait_attached(buf)
  local name = vim.fn.fnamemodify(path, ":~:.")
  local attached = string.format("buffer %d (%s): attached, filetype text sent as languageId plaintext", buf, name)
  local function report()
    return table.concat(api.nvim_buf_get_lines(0, 0, -1, false), "\n")
  end
  -- In a tab page of its own (the default), then in a split (0.7 takes no modifier: a tab page). The
  -- report's window is closed after each, which brings back the buffer's.
  vim.cmd("silent checkhealth thumbindex")
  H.ok(api.nvim_get_current_buf() ~= buf, "the report is in a buffer of its own")
  H.ok(report():find(attached, 1, true), "in a tab page: " .. report())
  vim.cmd("close")
  H.eq(buf, api.nvim_get_current_buf(), "back in the buffer")
  vim.cmd("silent vertical checkhealth thumbindex")
  H.ok(report():find(attached, 1, true), "in a split (or a tab page on 0.7): " .. report())
  vim.cmd("close")
  H.eq(buf, api.nvim_get_current_buf(), "back in the buffer")
  if vim.fn.has("nvim-0.11") == 1 then
    vim.g.health = { style = "float" }
    vim.cmd("silent checkhealth thumbindex")
    vim.g.health = nil
    H.ok(api.nvim_win_get_config(0).relative ~= "", "the report is in a float")
    H.ok(report():find(attached, 1, true), "in a float: " .. report())
    api.nvim_win_close(0, true)
  end
  -- A buffer the server does not read is told as one, not attached.
  local other = S.edit_text("notes.xyz", { "Anna" })
  vim.cmd("silent checkhealth thumbindex")
  local text = report()
  vim.cmd("silent! tabclose")
  H.ok(text:find(string.format("buffer %d (", other), 1, true), "names the .xyz buffer: " .. text)
  H.ok(text:find("notes.xyz): not attached (filetype none)", 1, true), "not attached: " .. text)
end)
