-- :checkhealth thumbindex
local M = {}

local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local report_error = health.error or health.report_error
local info = health.info or health.report_info

-- The buffer the user ran :checkhealth from. The report is written in a new buffer, current while
-- the check runs (in a new tab page, a split, the window itself when that buffer was empty, or a
-- float where g:health asks for one): each of these makes the user's buffer the alternate one; the
-- previous window is the fallback.
local function user_buffer()
  local current = vim.api.nvim_get_current_buf()
  local alternate = vim.fn.bufnr("#")
  if alternate > 0 and alternate ~= current and vim.api.nvim_buf_is_valid(alternate) then
    return alternate
  end
  local previous = vim.fn.winnr("#")
  if previous > 0 then
    return vim.fn.winbufnr(previous)
  end
  return current
end

function M.check()
  start("thumbindex")
  if vim.fn.has("nvim-0.7") == 1 then
    ok("Neovim " .. require("thumbindex.compat").nvim_version())
  else
    report_error("Neovim 0.7 or later is needed")
  end
  local lines, facts = require("thumbindex").info_lines(user_buffer())
  if not facts.version then
    report_error(facts.problem or "the thumbindex program was not found", {
      "Build it with: swift build -c release --product thumbindex",
      "then put it on PATH, or set cmd in require('thumbindex').setup({ cmd = { '/path/to/thumbindex' } })",
    })
    return
  end
  ok(string.format("thumbindex %s at %s", facts.version, facts.executable))
  if facts.locale then
    local configured = require("thumbindex.config").server_settings().locale
    local from = configured and ("settings.locale = " .. configured) or "from LC_ALL, LC_COLLATE or LANG"
    ok(string.format("the server starts and sorts by locale %s (%s)", facts.locale, from))
  else
    warn("the server does not answer: " .. tostring(facts.problem))
  end
  -- The rest of :ThumbIndexInfo: what is not said above already.
  local told = { title = true, neovim = true, program = true, locale = true }
  for i = 2, #lines do
    if not told[facts.kinds[i]] and not (facts.kinds[i] == "server" and not facts.locale) then
      info(vim.trim(lines[i]))
    end
  end
end

return M
