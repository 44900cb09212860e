-- Runs the Neovim tests of ThumbIndex. From the repository root:
--
--   nvim --headless -u NONE --noplugin --cmd "set rtp^=editors/nvim" -c "luafile editors/nvim/tests/run.lua"
--
-- Environment: THUMBINDEX_BIN (the server; default .build/debug/thumbindex, then PATH),
-- THUMBINDEX_TEST_FILTER (run the tests whose names contain it), THUMBINDEX_UPDATE_SNAPSHOTS=1
-- (rewrite the outline snapshots), THUMBINDEX_TEST_VERBOSE=1 (echo notifications to stderr),
-- THUMBINDEX_SUITE_TIMEOUT (seconds for the whole suite, default 600).
local function finish_with_error(message)
  io.stdout:write(message .. "\nnvim: 0 passed, 1 failed\n")
  io.stdout:flush()
  vim.cmd("cquit 1")
end

-- Nothing may keep the suite from ending: a hard limit over all the tests' own timeouts.
local limit = tonumber(os.getenv("THUMBINDEX_SUITE_TIMEOUT") or "") or 600
vim.defer_fn(function()
  finish_with_error(string.format("the suite did not end within %d s", limit))
end, limit * 1000)

local ok, err = pcall(function()
  local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
  package.path = here .. "/?.lua;" .. package.path

  vim.cmd("filetype on")
  vim.o.swapfile = false
  vim.o.shadafile = "NONE"
  vim.cmd("runtime plugin/thumbindex.lua")

  local H = require("harness")
  io.stdout:write(string.format("Neovim %s\n", require("thumbindex.compat").nvim_version()))
  for _, file in ipairs(vim.fn.sort(vim.fn.glob(here .. "/test_*.lua", false, true))) do
    dofile(file)
  end
  H.run(os.getenv("THUMBINDEX_TEST_FILTER"))
end)
if not ok then
  finish_with_error("the suite could not start: " .. tostring(err))
end
