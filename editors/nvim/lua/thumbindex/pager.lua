-- Fluent pagination (as AWPagedArray does it): the list has its full length from the start, pages of entries are
-- fetched for what is in view first, the next page is preloaded, and pages that were asked for but
-- scrolled past before they arrived are cancelled.
--
-- The pager knows nothing of windows or of LSP: it is given the offsets in view and three functions.
--
--   local pager = Pager.new({
--     total = 100000, page_size = 200, preload = 1,
--     fetch = function(offset, limit, done) return request_id end, -- done(err, entries) later
--     cancel = function(request_id) end,
--     apply = function(offset, entries) end,
--     on_error = function(err) end,                             -- optional
--   })
--   pager:view(first_offset, last_offset)
local Pager = {}
Pager.__index = Pager

function Pager.new(options)
  local self = setmetatable({}, Pager)
  self.total = options.total
  self.page_size = math.max(1, math.floor(options.page_size or 200))
  self.preload = math.max(0, math.floor(options.preload or 1))
  self.fetch = options.fetch
  self.cancel_request = options.cancel
  self.apply = options.apply
  self.on_error = options.on_error or function() end
  -- page → { state = "pending", id = request id, token = n } | { state = "loaded" }
  self.pages = {}
  self.next_token = 0
  self.closed = false
  -- What happened, in order, for tests and :ThumbIndexInfo: { event, page, id }.
  self.log = {}
  return self
end

function Pager:page_count()
  return math.ceil(self.total / self.page_size)
end

function Pager:page_of(offset)
  return math.floor(offset / self.page_size)
end

--- The offset and number of entries of a page.
function Pager:range(page)
  local offset = page * self.page_size
  return offset, math.min(self.page_size, self.total - offset)
end

function Pager:is_loaded(page)
  local state = self.pages[page]
  return state ~= nil and state.state == "loaded"
end

function Pager:is_pending(page)
  local state = self.pages[page]
  return state ~= nil and state.state == "pending"
end

--- The pages whose requests are in flight, sorted.
function Pager:pending_pages()
  local pages = {}
  for page, state in pairs(self.pages) do
    if state.state == "pending" then
      table.insert(pages, page)
    end
  end
  table.sort(pages)
  return pages
end

function Pager:_record(event, page, id)
  table.insert(self.log, { event = event, page = page, id = id })
  if #self.log > 1000 then
    table.remove(self.log, 1)
  end
end

function Pager:_request(page)
  local offset, limit = self:range(page)
  self.next_token = self.next_token + 1
  local token = self.next_token
  local state = { state = "pending", token = token }
  self.pages[page] = state
  local id = self.fetch(offset, limit, function(err, entries)
    self:_done(page, token, err, entries)
  end)
  if id == nil then
    -- Could not be sent (the client is gone): forget it, so a later view asks again.
    if self.pages[page] == state then
      self.pages[page] = nil
    end
    return
  end
  state.id = id
  self:_record("request", page, id)
end

function Pager:_cancel(page)
  local state = self.pages[page]
  self.pages[page] = nil
  if state.id ~= nil then
    self:_record("cancel", page, state.id)
    self.cancel_request(state.id)
  end
end

function Pager:_done(page, token, err, entries)
  local state = self.pages[page]
  if self.closed or state == nil or state.token ~= token then
    -- Cancelled, scrolled past, or from a layout that has been replaced: not applied.
    self:_record("dropped", page, nil)
    return
  end
  if err then
    self.pages[page] = nil
    self:_record("error", page, state.id)
    self.on_error(err)
    return
  end
  self.pages[page] = { state = "loaded" }
  self:_record("applied", page, state.id)
  self.apply((self:range(page)), entries)
end

--- Tells the pager which entries are in view (0-based offsets, inclusive). It cancels requests for
--- pages no longer near the view, then asks for the visible pages, then for the next `preload`.
function Pager:view(first, last)
  if self.closed or self.total == 0 then
    return
  end
  first = math.max(0, math.min(first, self.total - 1))
  last = math.max(first, math.min(last, self.total - 1))
  local first_page, last_page = self:page_of(first), self:page_of(last)
  local near_low, near_high = first_page - self.preload, last_page + self.preload
  for _, page in ipairs(self:pending_pages()) do
    if page < near_low or page > near_high then
      self:_cancel(page)
    end
  end
  local wanted = {}
  for page = first_page, last_page do
    table.insert(wanted, page)
  end
  for page = last_page + 1, math.min(last_page + self.preload, self:page_count() - 1) do
    table.insert(wanted, page)
  end
  for _, page in ipairs(wanted) do
    if self.pages[page] == nil then
      self:_request(page)
    end
  end
end

--- Cancels every request in flight; nothing that arrives afterwards is applied.
function Pager:close()
  for _, page in ipairs(self:pending_pages()) do
    self:_cancel(page)
  end
  self.closed = true
end

return Pager
