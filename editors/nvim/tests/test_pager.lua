-- The pager on its own, with a fake server that answers when told to.
local H = require("harness")
local Pager = require("thumbindex.pager")

local function fake(total, page_size, preload)
  local server = { sent = {}, cancelled = {}, applied = {}, next_id = 0, callbacks = {} }
  server.pager = Pager.new({
    total = total,
    page_size = page_size,
    preload = preload,
    fetch = function(offset, limit, done)
      server.next_id = server.next_id + 1
      table.insert(server.sent, { id = server.next_id, offset = offset, limit = limit })
      server.callbacks[server.next_id] = function()
        local entries = {}
        for i = 1, limit do
          entries[i] = { name = "entry " .. (offset + i - 1) }
        end
        done(nil, entries)
      end
      return server.next_id
    end,
    cancel = function(id)
      table.insert(server.cancelled, id)
    end,
    apply = function(offset, entries)
      table.insert(server.applied, { offset = offset, count = #entries })
    end,
  })
  function server.answer(id)
    server.callbacks[id]()
  end
  return server
end

H.test("pager: the visible page is asked for first, then the next one", function()
  local server = fake(1000, 100, 1)
  server.pager:view(250, 270)
  H.eq({ { id = 1, offset = 200, limit = 100 }, { id = 2, offset = 300, limit = 100 } }, server.sent, "requests")
  server.pager:view(250, 280) -- nothing new while they are in flight
  H.eq(2, #server.sent, "no request twice")
end)

H.test("pager: a view over two pages asks for both before preloading", function()
  local server = fake(1000, 100, 1)
  server.pager:view(180, 210)
  H.eq({ 100, 200, 300 }, vim.tbl_map(function(r)
    return r.offset
  end, server.sent), "offsets in order")
end)

H.test("pager: the last page is short and nothing is asked past the end", function()
  local server = fake(250, 100, 2)
  server.pager:view(240, 249)
  H.eq({ { id = 1, offset = 200, limit = 50 } }, server.sent, "requests")
end)

H.test("pager: pages scrolled past are cancelled and their answers dropped", function()
  local server = fake(100000, 200, 1)
  server.pager:view(50000, 50020) -- pages 250 and 251 go out
  server.pager:view(99900, 99950) -- jump far away: 499 goes out, 250 and 251 are cancelled
  H.eq({ 1, 2 }, server.cancelled, "cancelled ids")
  server.answer(1) -- the server had answered before it saw the cancellation
  H.eq({}, server.applied, "nothing applied from a cancelled page")
  H.ok(not server.pager:is_loaded(250), "page 250 is not loaded")
  server.answer(3)
  H.eq({ { offset = 99800, count = 200 } }, server.applied, "the page in view is applied")
  server.pager:view(50000, 50020) -- back again: asked for anew
  H.eq(50000, server.sent[#server.sent - 1].offset, "page 250 asked for again")
end)

H.test("pager: pages next to the view are kept in flight", function()
  local server = fake(10000, 100, 1)
  server.pager:view(500, 520) -- 5, and 6 preloaded
  server.pager:view(610, 620) -- scrolled on into 6: 5 is one page from the view, 7 is preloaded
  H.eq({}, server.cancelled, "nothing cancelled")
  H.eq({ 500, 600, 700 }, vim.tbl_map(function(r)
    return r.offset
  end, server.sent), "offsets")
end)

H.test("pager: close cancels everything in flight", function()
  local server = fake(1000, 100, 1)
  server.pager:view(0, 10)
  server.pager:close()
  H.eq({ 1, 2 }, server.cancelled, "cancelled")
  server.answer(1)
  H.eq({}, server.applied, "nothing applied after close")
end)
