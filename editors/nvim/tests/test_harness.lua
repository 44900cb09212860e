-- The harness itself: a deprecated API fails the test that uses it, so that the suite on a newer
-- Neovim catches what that Neovim would only warn about (or, for a soft deprecation, not even that).
local H = require("harness")

-- Calls `fn` and checks that it raised the harness's deprecation error naming `name`; then forgets
-- the deprecation, which would otherwise fail this test.
local function refused(name, fn, ...)
  local before = #H.deprecations
  local ok, err = pcall(fn, ...)
  H.eq(false, ok, name .. " raises")
  H.ok(tostring(err):find(name .. " is deprecated", 1, true), name .. ": the error names it: " .. tostring(err))
  H.eq(before + 1, #H.deprecations, name .. ": recorded once")
  table.remove(H.deprecations)
end

H.test("the harness: a call of vim.deprecate is an error, whatever the version it names", function()
  refused("old()", vim.deprecate, "old()", "new()", "9.0")
  if vim.fn.has("nvim-0.11") == 1 then
    -- What the plugin must not call on 0.11 (compat.lua takes the new forms there).
    refused("vim.tbl_islist", vim.tbl_islist, {})
    refused("vim.lsp.get_active_clients()", vim.lsp.get_active_clients)
    refused("vim.lsp.start_client()", vim.lsp.start_client, { name = "never-started", cmd = { "true" } })
  end
end)
