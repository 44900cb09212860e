-- :checkhealth thumbindex
local M = {}

local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local report_error = health.error or health.report_error
local info = health.info or health.report_info

function M.check()
  start("thumbindex")
  if vim.fn.has("nvim-0.7") == 1 then
    ok("Neovim " .. require("thumbindex.compat").nvim_version())
  else
    report_error("Neovim 0.7 or later is needed")
  end
  local lines, facts = require("thumbindex").info_lines()
  if not facts.version then
    report_error(facts.problem or "the thumbindex program was not found", {
      "Build it with: swift build -c release --product thumbindex",
      "then put it on PATH, or set cmd in require('thumbindex').setup({ cmd = { '/path/to/thumbindex' } })",
    })
    return
  end
  ok(string.format("thumbindex %s at %s", facts.version, facts.executable))
  if facts.locale then
    ok("the server starts and sorts by locale " .. facts.locale)
  else
    warn("the server does not answer: " .. tostring(facts.problem))
  end
  for i = 2, #lines do
    info(vim.trim(lines[i]))
  end
end

return M
