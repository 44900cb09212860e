-- Fluent pagination against the real server, on a generated list of 100,000 entries.
local H = require("harness")
local Layout = require("thumbindex.layout")
local S = require("support")
local api = vim.api

local COUNT = 100000

local function events(pager, kind)
  local found = {}
  for _, event in ipairs(pager.log) do
    if event.event == kind then
      table.insert(found, event)
    end
  end
  return found
end

local function pages(list)
  return vim.tbl_map(function(event)
    return event.page
  end, list)
end

-- Records the ids given to the client's cancel_request (the call that sends $/cancelRequest).
local function spy_on_cancel(client)
  local cancelled = {}
  local original = client.cancel_request
  if require("thumbindex.compat").has("0.11") then
    client.cancel_request = function(self, id)
      table.insert(cancelled, id)
      return original(self, id)
    end
  else
    client.cancel_request = function(id)
      table.insert(cancelled, id)
      return original(id)
    end
  end
  return cancelled, function()
    client.cancel_request = original
  end
end

local function row_text(state, row)
  return api.nvim_buf_get_lines(state.outbuf, row, row + 1, false)[1]
end

local function scroll_to_row(state, row)
  api.nvim_win_set_cursor(state.outwin, { row + 1, 0 })
  api.nvim_win_call(state.outwin, function()
    vim.cmd("normal! zz")
  end)
  require("thumbindex.outline").view_changed(state)
end

H.test("paging: placeholders for all rows at once, the visible page first, the next one preloaded", function()
  S.setup()
  S.edit_generated(COUNT)
  local state = S.open_outline(30000)
  local layout = state.layout
  H.eq(COUNT, layout.total, "entries")
  H.ok(#layout.sections >= 28, "sections A–Ö: " .. #layout.sections)
  local rows = api.nvim_buf_line_count(state.outbuf)
  H.eq(COUNT + #layout.sections, rows, "a row for every entry and header from the start")
  local asked = pages(events(state.pager, "request"))
  H.eq({ 0, 1 }, vim.list_slice(asked, 1, 2), "page 0 (in view) asked for first, then page 1")
  H.wait_for(function()
    return state.pager:is_loaded(0) and state.pager:is_loaded(1)
  end, "pages 0 and 1", 20000)
  local view = S.view(state.outwin)
  S.wait_rows_loaded(state, view[1] - 1, view[2] - 1)
  local last_of_page_1 = Layout.row_of_offset(layout, 399)
  H.ok(row_text(state, last_of_page_1) ~= S.placeholder(), "the last row of page 1 is filled")
  H.eq(S.placeholder(), row_text(state, Layout.row_of_offset(layout, 400)), "page 2 is still a placeholder")
  H.eq(S.placeholder(), row_text(state, Layout.row_of_offset(layout, 50000)), "the middle is a placeholder")
  H.eq({ 0, 1 }, pages(events(state.pager, "request")), "nothing else was asked for")
  -- The entries are in Swedish order: the A section starts with the smallest name.
  H.eq("A", row_text(state, 0), "the first header")
end, { timeout = 60000 })

H.test("paging: a page scrolled past while in flight is cancelled and never applied", function()
  S.setup()
  S.edit_generated(COUNT)
  local state = S.open_outline(30000)
  H.wait_for(function()
    return state.pager:is_loaded(0)
  end, "page 0", 20000)
  local layout = state.layout
  local cancelled, restore = spy_on_cancel(state.client)

  -- Scroll to the middle: its pages go out. In the same tick (nothing can have been read from the
  -- server in between) jump to Ö at the far end: the middle's pages are no longer near the view.
  local middle = Layout.row_of_offset(layout, 50000)
  scroll_to_row(state, middle)
  local in_flight = {}
  for _, page in ipairs(state.pager:pending_pages()) do
    in_flight[page] = state.pager.pages[page].id
  end
  H.ok(in_flight[250], "page 250 is in flight: " .. vim.inspect(in_flight))
  require("thumbindex").jump("Ö")
  for page, id in pairs(in_flight) do
    local what = string.format("page %d (request %d) cancelled: %s", page, id, vim.inspect(cancelled))
    H.ok(vim.tbl_contains(cancelled, id), what)
    H.ok(not state.pager:is_pending(page), "page " .. page .. " no longer pending")
  end
  restore()

  -- The Ö section fills in; the middle does not.
  local header = S.row_of(state, "Ö")
  H.eq({ header + 1, 0 }, S.cursor(state.outwin), "the outline on the Ö header")
  S.wait_rows_loaded(state, header + 1, header + 10, 20000)
  local first_oe = layout.sections[#layout.sections].title == "#" and layout.sections[#layout.sections - 1]
    or layout.sections[#layout.sections]
  H.eq("Ö", first_oe.title, "the last letter section")
  H.wait_for(function()
    local entry = state.entries[first_oe.offset]
    return entry and api.nvim_win_get_cursor(vim.fn.bufwinid(state.src))[1] == entry.range.start.line + 1
  end, "the source cursor on the first Ö entry")
  -- The server answers each request exactly once, the cancelled ones too: with its result when that
  -- was sent before the cancel arrived, else with -32800 at once (Protocol/README.md). Requests run
  -- concurrently and are answered in any order, so no later request is a marker for these answers:
  -- wait for the answers themselves. When an answer arrives, Neovim (0.7 as 0.11) queues a callback
  -- that forgets the request (client.requests) and, right behind it, the answer's handler (for a
  -- result; -32800 reaches no handler). The test runs in callbacks of its own (timers, markers),
  -- never queued between the two: once it sees every cancelled request forgotten, every late answer
  -- has been handled (dropped, or applied by mistake).
  H.wait_for(function()
    for _, id in ipairs(cancelled) do
      if state.client.requests[id] ~= nil then
        return false
      end
    end
    return true
  end, "the server's answers to the cancelled requests " .. vim.inspect(cancelled), 20000)
  H.eq(S.placeholder(), row_text(state, middle), "the cancelled page was not applied")
  H.ok(not state.pager:is_loaded(250), "page 250 not loaded")

  -- Scrolling back asks for it again, and then it is filled.
  scroll_to_row(state, middle)
  S.wait_rows_loaded(state, middle - 5, middle + 5, 20000)
  local asked = vim.tbl_filter(function(page)
    return page == 250
  end, pages(events(state.pager, "request")))
  H.eq(2, #asked, "page 250 asked for twice")
end, { timeout = 60000 })

H.test("paging: positions of non-ASCII text convert in the client's encoding", function()
  S.setup()
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder, "p")
  -- Two IDEOGRAPHIC SPACEs (3 bytes, 1 UTF-16 unit each) before the name: the entry starts at
  -- byte 6, whichever encoding the server and the client agreed on.
  vim.fn.writefile({ "Anna", "\227\128\128\227\128\128Östen", "Bertil" }, folder .. "/spaces.txt")
  vim.cmd("edit " .. folder .. "/spaces.txt")
  local buf = api.nvim_get_current_buf()
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.ok(S.row_of(state, "  Östen"), "Östen trimmed in the outline")
  vim.cmd("ThumbIndexJump Ö")
  local win = vim.fn.bufwinid(buf)
  H.wait_for(function()
    return S.cursor(win)[1] == 2
  end, "the jump to Östen")
  H.eq({ 2, 6 }, S.cursor(win), "the cursor on the Ö, after the two spaces")
end)
