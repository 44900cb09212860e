-- One outline per tab page, following the buffer the cursor goes to (as aerial.nvim does by
-- default), and naming its file in its statusline.
local H = require("harness")
local S = require("support")
local api = vim.api

local outline = require("thumbindex.outline")

-- Waits until `state` shows buffer `buf` with its layout, and its rows are filled.
local function shows(state, buf, what)
  H.wait_for(function()
    return state.src == buf and state.layout ~= nil
  end, "the outline of " .. what)
  S.wait_all_loaded(state)
end

local function statusline(state)
  return vim.wo[state.outwin].statusline
end

H.test("the outline follows the buffer of the source window, and names its file", function()
  S.setup({ outline = { focus = false } })
  local names = S.edit("names.txt")
  local srcwin = api.nvim_get_current_win()
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.ok(statusline(state):find("names.txt", 1, true), "the statusline names the file: " .. statusline(state))
  H.ok(statusline(state):find("40 entries", 1, true), "and counts the entries: " .. statusline(state))
  -- Another file in the source window: the same windows show its outline.
  local glossary = S.edit("glossary.md")
  shows(state, glossary, "glossary.md")
  H.eq(srcwin, api.nvim_get_current_win(), "the cursor stays in the source window")
  H.ok(S.row_of(state, "  Ögla"), "the glossary's entries")
  H.ok(statusline(state):find("glossary.md", 1, true), "the statusline follows: " .. statusline(state))
  H.eq(3, #api.nvim_list_wins(), "no window more")
  -- A jump goes to the buffer shown now.
  vim.cmd("ThumbIndexJump T")
  H.wait_for(function()
    return S.cursor(srcwin)[1] == 25
  end, "the cursor on 'Thumb index' (line 25)")
  -- Back with :buffer, and edits there are followed.
  vim.cmd("buffer " .. names)
  shows(state, names, "names.txt again")
  api.nvim_buf_set_lines(names, -1, -1, false, { "Quintus" })
  H.wait_for(function()
    return S.row_of(state, "  Quintus")
  end, "Quintus in the outline")
  -- A buffer of no format the server reads is not followed: the outline keeps its file. Following is
  -- decided in a callback that the :edit's BufEnter/WinEnter schedules (after autostart's, which
  -- BufReadPost scheduled): a round trip through the server started after the :edit ends behind it.
  S.edit_text("notes.xyz", { "Anna" })
  S.round_trip(state.client)
  H.eq(names, state.src, "the outline still shows names.txt")
  H.ok(statusline(state):find("names.txt", 1, true), "and says so: " .. statusline(state))
end)

H.test(":ThumbIndexOutline on a second buffer shows it in the tab's outline, not a second one", function()
  S.setup()
  S.edit("names.txt")
  local srcwin = api.nvim_get_current_win()
  local first = S.open_outline()
  S.wait_all_loaded(first)
  api.nvim_set_current_win(srcwin)
  local people = S.edit("people.csv")
  vim.cmd("ThumbIndexOutline")
  local state = outline.state_for(people)
  H.ok(state == first, "the same outline")
  shows(state, people, "people.csv")
  H.eq(3, #api.nvim_list_wins(), "an outline and a thumb index, once")
  H.eq(state.outwin, api.nvim_get_current_win(), "the outline has the focus")
  -- With follow_buffer off, the outline keeps its buffer until :ThumbIndexOutline is run elsewhere.
  S.setup({ outline = { follow_buffer = false } })
  api.nvim_set_current_win(srcwin)
  local names = S.edit("names.txt")
  -- Following would be decided in the callback the :edit's BufEnter schedules: the marker's reply is
  -- handled after it.
  S.round_trip(state.client)
  H.eq(people, state.src, "not followed")
  vim.cmd("ThumbIndexOutline")
  shows(state, names, "names.txt, asked for")
  H.eq(3, #api.nvim_list_wins(), "still one outline")
end)

H.test("each tab page has an outline of its own", function()
  S.setup({ outline = { focus = false } })
  local names = S.edit("names.txt")
  local first = S.open_outline()
  vim.cmd("tabnew")
  local glossary = S.edit("glossary.md")
  local second = S.open_outline()
  H.ok(first ~= second, "a second outline in the second tab page")
  shows(second, glossary, "glossary.md")
  H.eq(names, first.src, "the first tab's outline keeps its file")
  H.eq(3, #api.nvim_tabpage_list_wins(0), "the second tab: source, outline, thumb index")
  vim.cmd("ThumbIndexClose")
  H.ok(second.closed and not first.closed, ":ThumbIndexClose closes this tab's outline only")
  vim.cmd("tabclose")
  H.ok(not first.closed, "the first outline is still open")
end)

H.test("the source buffer wiped out: the outline follows a buffer left in its tab page, or closes", function()
  S.setup({ outline = { focus = false } })
  local names = S.edit("names.txt")
  vim.cmd("split")
  local people = S.edit("people.csv")
  local state = S.open_outline()
  shows(state, people, "people.csv")
  vim.cmd("bwipeout " .. people) -- closes its window
  shows(state, names, "names.txt, in the other window")
  H.ok(not state.closed, "still open")
  vim.cmd("bwipeout " .. names)
  H.wait_for(function()
    return state.closed
  end, "the outline to close with the last source window")
end)
