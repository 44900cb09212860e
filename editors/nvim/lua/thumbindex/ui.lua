-- Small helpers for the plugin's windows and messages.
local api = vim.api

local M = {}

function M.valid_win(win)
  return win ~= nil and api.nvim_win_is_valid(win)
end

function M.valid_buf(buf)
  return buf ~= nil and api.nvim_buf_is_valid(buf)
end

--- Replaces lines of a buffer that is otherwise not modifiable.
function M.set_lines(buf, first, last, lines)
  vim.bo[buf].modifiable = true
  api.nvim_buf_set_lines(buf, first, last, false, lines)
  vim.bo[buf].modifiable = false
end

function M.notify(message, level)
  vim.notify("thumbindex: " .. message, level or vim.log.levels.WARN)
end

--- The message of an LSP error (a table with `message`) or of anything else.
function M.error_message(err)
  if type(err) == "table" then
    return err.message or vim.inspect(err)
  end
  return tostring(err)
end

return M
