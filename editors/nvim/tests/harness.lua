-- A small test runner for headless Neovim (Plenary is not available here).
--
-- Each test runs in a coroutine, so that it can wait for the language server while Neovim's main
-- loop goes on (timers, RPC, autocommands). Every test has a timeout; a test that times out is
-- failed and abandoned, and the next one starts.
local H = { tests = {}, results = {}, notifications = {} }

local uv = vim.uv or vim.loop

H.root = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h:h:h")
H.fixtures = H.root .. "/editors/tests/fixtures"
H.snapshots = H.root .. "/editors/nvim/tests/snapshots"
H.update_snapshots = os.getenv("THUMBINDEX_UPDATE_SNAPSHOTS") == "1"

local current -- the test running now

local function out(text)
  io.stdout:write(text .. "\n")
  io.stdout:flush()
end

--- Declares a test. `options.timeout` is in ms (default 20000).
function H.test(name, fn, options)
  table.insert(H.tests, { name = name, fn = fn, timeout = options and options.timeout or 20000 })
end

-- Resumes a test's coroutine, unless that test has been abandoned.
local function resume(test, ...)
  if current ~= test or test.done then
    return
  end
  local ok, err = coroutine.resume(test.co, ...)
  if not ok then
    test.finish(false, err)
  elseif coroutine.status(test.co) == "dead" then
    test.finish(true)
  end
end

-- Waits `ms` milliseconds with the main loop running: only for H.wait_for's polling. A test does
-- not sleep: it waits for what it expects (H.wait_for) or, to check that something did not happen,
-- for a marker that would come after it (H.tick, support.lua's S.round_trip). A timer of its own,
-- not vim.defer_fn: that runs vim.validate at each call (every 10 ms of every wait), and LuaJIT has
-- been seen to corrupt a vim.validate run that hot (the plugin's config.is_list says more).
local function sleep(ms)
  local test = current
  local timer = uv.new_timer()
  timer:start(ms, 0, function()
    timer:stop()
    timer:close()
    vim.schedule(function()
      resume(test)
    end)
  end)
  coroutine.yield()
end

--- Waits for one turn of the main loop: a marker queued with vim.schedule. The queue runs in order,
--- so every callback scheduled before the call (by the autocommands of a command just run, say)
--- has run when it returns; one that such a callback schedules in turn need not have.
function H.tick()
  local test = current
  vim.schedule(function()
    resume(test)
  end)
  coroutine.yield()
end

--- `text` without white space at either end (vim.trim without its vim.validate, see sleep above).
function H.trim(text)
  return text:match("^%s*(.-)%s*$")
end

--- Waits until `condition()` returns a true value (which is returned), or fails after `timeout` ms.
function H.wait_for(condition, what, timeout)
  local deadline = uv.now() + (timeout or 5000)
  while true do
    local value = condition()
    if value then
      return value
    end
    if uv.now() > deadline then
      error("timed out waiting for " .. what, 2)
    end
    sleep(10)
  end
end

function H.fail(message, level)
  error(message, (level or 1) + 1)
end

function H.eq(expected, actual, what)
  if not vim.deep_equal(expected, actual) then
    local message = "%s:\n  expected %s\n  got      %s"
    H.fail(string.format(message, what or "values differ", vim.inspect(expected), vim.inspect(actual)), 2)
  end
end

function H.ok(value, what)
  if not value then
    H.fail(what or "expected a true value", 2)
  end
  return value
end

--- Compares text with a snapshot file; THUMBINDEX_UPDATE_SNAPSHOTS=1 writes it instead.
function H.snapshot(name, lines)
  local path = H.snapshots .. "/" .. name .. ".txt"
  local text = table.concat(lines, "\n") .. "\n"
  if H.update_snapshots then
    vim.fn.mkdir(H.snapshots, "p")
    local file = assert(io.open(path, "w"))
    file:write(text)
    file:close()
    return
  end
  local file = io.open(path, "r")
  if not file then
    H.fail("no snapshot " .. path .. " (run with THUMBINDEX_UPDATE_SNAPSHOTS=1 to write it)", 2)
  end
  local expected = file:read("*a")
  file:close()
  if expected ~= text then
    local wanted = vim.split(expected, "\n")
    for i, line in ipairs(lines) do
      if wanted[i] ~= line then
        local message = "%s differs from its snapshot at line %d: expected %q, got %q"
        H.fail(string.format(message, name, i, tostring(wanted[i]), line), 2)
      end
    end
    H.fail(string.format("%s differs from its snapshot (%d lines, snapshot has %d)", name, #lines, #wanted - 1), 2)
  end
end

--- A copy of a fixture in a fresh temporary folder, so that tests may edit it.
function H.copy_fixture(name)
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder, "p")
  local path = folder .. "/" .. name
  vim.fn.writefile(vim.fn.readfile(H.fixtures .. "/" .. name, "b"), path, "b")
  return path
end

-- Records notifications, so tests can check what the user would have been told.
vim.notify = function(message, level)
  table.insert(H.notifications, { message = message, level = level })
  if os.getenv("THUMBINDEX_TEST_VERBOSE") == "1" then
    io.stderr:write("notify: " .. tostring(message) .. "\n")
  end
end

-- A deprecated API is an error in the tests, on every version: each call to vim.deprecate (Neovim's
-- runtime calls it from the old forms it still takes) fails the test it happens in. Neovim itself warns
-- only about what goes in the next release, once per session, so a soft deprecation would pass unseen.
-- The error is raised where the call is, and kept too: a call in a callback (an LSP handler, a timer)
-- raises where no test can catch it.
H.deprecations = {}
vim.deprecate = function(name, alternative, version)
  local message = string.format("%s is deprecated (use %s; goes in %s)", name, tostring(alternative), tostring(version))
  table.insert(H.deprecations, { test = current, message = message, traceback = debug.traceback("", 2) })
  error(message, 2)
end

-- The deprecated calls made while `test` ran, as one message (nil when none).
local function deprecations_of(test)
  local found = {}
  for _, deprecation in ipairs(H.deprecations) do
    if deprecation.test == test then
      table.insert(found, deprecation.message .. deprecation.traceback)
    end
  end
  return #found > 0 and table.concat(found, "\n") or nil
end

--- Ends the running test as skipped, saying why (a feature this Neovim lacks). Counted neither as
--- passed nor as failed; the summary says how many were skipped.
function H.skip(reason)
  current.skipped = reason
  error(H.skip_marker, 0)
end
H.skip_marker = {}

local function run_next(index, on_done)
  local test = H.tests[index]
  if not test then
    return on_done()
  end
  local started = uv.now()
  local timer = uv.new_timer()
  test.finish = function(passed, err)
    if test.done then
      return
    end
    test.done = true
    timer:stop()
    timer:close()
    local ms = uv.now() - started
    local deprecated = deprecations_of(test)
    if deprecated then
      passed, err = false, ((passed or test.skipped) and "" or tostring(err) .. "\n") .. deprecated
    end
    if test.skipped and not deprecated then
      table.insert(H.results, { name = test.name, skipped = test.skipped, ms = ms })
      out(string.format("skip %s: %s", test.name, test.skipped))
    else
      table.insert(H.results, { name = test.name, passed = passed, err = err, ms = ms })
      if passed then
        out(string.format("ok   %s (%d ms)", test.name, ms))
      else
        out(string.format("FAIL %s (%d ms)\n     %s", test.name, ms, tostring(err):gsub("\n", "\n     ")))
      end
    end
    current = nil
    vim.schedule(function()
      if H.after_each then
        pcall(H.after_each)
      end
      run_next(index + 1, on_done)
    end)
  end
  timer:start(test.timeout, 0, vim.schedule_wrap(function()
    test.finish(false, string.format("timed out after %d ms", test.timeout))
  end))
  current = test
  test.co = coroutine.create(test.fn)
  resume(test)
end

--- Runs the tests whose names contain `filter` (all when nil), prints a line per test and the
--- summary "nvim: N passed, M failed", then quits with status 1 when any failed.
function H.run(filter)
  if filter and filter ~= "" then
    H.tests = vim.tbl_filter(function(test)
      return test.name:find(filter, 1, true) ~= nil
    end, H.tests)
  end
  run_next(1, function()
    if H.before_exit then
      pcall(H.before_exit)
    end
    -- Between the tests too (their clean-up, the stop before exit).
    local outside = deprecations_of(nil)
    if outside then
      out("FAIL a deprecated API was used between the tests\n     " .. outside:gsub("\n", "\n     "))
      table.insert(H.results, { name = "between the tests", passed = false })
    end
    local passed, failed, skipped = 0, 0, 0
    for _, result in ipairs(H.results) do
      if result.skipped then
        skipped = skipped + 1
      elseif result.passed then
        passed = passed + 1
      else
        failed = failed + 1
      end
    end
    if skipped > 0 then
      out(string.format("nvim: %d skipped (see the skip lines above)", skipped))
    end
    out(string.format("nvim: %d passed, %d failed", passed, failed))
    vim.cmd(failed > 0 and "cquit 1" or "qall!")
  end)
end

return H
