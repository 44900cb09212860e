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

--- `text` cut into lines of at most `width` characters at spaces (a longer word gets a line of its
--- own), each line starting with `indent`.
function M.wrap(text, width, indent)
  local lines, line = {}, nil
  for word in text:gmatch("%S+") do
    if line and vim.fn.strchars(line .. " " .. word) > width then
      table.insert(lines, indent .. line)
      line = word
    else
      line = line and (line .. " " .. word) or word
    end
  end
  if line then
    table.insert(lines, indent .. line)
  end
  return lines
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
