-- An entry's detail as the outline shows it, after its name.
--
-- The server gives the other cells of a CSV or TSV row joined by ", ", a cell with a comma or a
-- quote in quotes; it cuts a long detail at 120 characters. The outline reads the row's cells again
-- from the buffer, whole, and writes them as a CSV line does: a cell with a comma, a quote or a
-- blank at an end is quoted (`"Stockholm, Sweden", hi`). Any detail is cut to the room left in the
-- window, and a cut one ends with an ellipsis.
local api = vim.api
local M = {}

M.ellipsis = "…"

-- The cells of a delimited record (`text` may span lines), as the server reads them: a quoted
-- cell's doubled quotes are one quote; each cell trimmed, its line breaks made spaces.
function M.cells(text, separator)
  local cells, i, length = {}, 1, #text
  while i <= length + 1 do
    local cell
    if text:sub(i, i) == '"' then
      local parts, j = {}, i + 1
      while j <= length do
        local quote = text:find('"', j, true)
        if not quote then
          table.insert(parts, text:sub(j))
          j = length + 1
          break
        end
        table.insert(parts, text:sub(j, quote - 1))
        if text:sub(quote + 1, quote + 1) == '"' then
          table.insert(parts, '"')
          j = quote + 2
        else
          j = quote + 1
          break
        end
      end
      -- Anything between the closing quote and the separator belongs to the cell too.
      local stop = text:find(separator, j, true) or length + 1
      cell = table.concat(parts) .. text:sub(j, stop - 1)
      i = stop + 1
    else
      local stop = text:find(separator, i, true) or length + 1
      cell = text:sub(i, stop - 1)
      i = stop + 1
    end
    cell = cell:gsub("^\239\187\191", ""):gsub("\r\n", " "):gsub("[\r\n]", " ")
    table.insert(cells, vim.trim(cell))
  end
  return cells
end

-- A cell as a CSV line writes it: quoted when it holds a comma or a quote, or starts or ends blank.
local function quoted(cell)
  if cell:find('[,"]') or cell:find("^%s") or cell:find("%s$") then
    return '"' .. cell:gsub('"', '""') .. '"'
  end
  return cell
end

--- The detail of a csv or tsv `entry` of buffer `buf`: its row's other non-empty cells as a CSV line
--- writes them, or nil when the row cannot be read again (the buffer changed since): then the
--- server's detail is shown.
function M.delimited(buf, entry, separator)
  local range = entry.range
  local last = range["end"].line
  if range["end"].character == 0 and last > range.start.line then
    last = last - 1
  end
  local lines = api.nvim_buf_get_lines(buf, range.start.line, last + 1, false)
  if #lines == 0 then
    return nil
  end
  local cells, others, named = M.cells(table.concat(lines, "\n"), separator), {}, false
  for _, cell in ipairs(cells) do
    if not named and cell == entry.name then
      named = true
    elseif cell ~= "" then
      table.insert(others, quoted(cell))
    end
  end
  if not named or #others == 0 then
    return nil
  end
  return table.concat(others, ", ")
end

local separators = { csv = ",", tsv = "\t" }

--- The detail to show for `entry` of buffer `buf`, whose languageId is `language_id`.
function M.text(buf, entry, language_id)
  if not entry.detail or entry.detail == "" then
    return nil
  end
  local separator = separators[language_id]
  if separator and api.nvim_buf_is_valid(buf) then
    return M.delimited(buf, entry, separator) or entry.detail
  end
  return entry.detail
end

--- `text` cut to at most `width` display cells, ending with an ellipsis when it was cut; nil when
--- not even the ellipsis and one character fit.
function M.fit(text, width)
  if vim.fn.strdisplaywidth(text) <= width then
    return text
  end
  if width < 2 then
    return nil
  end
  local room = width - vim.fn.strdisplaywidth(M.ellipsis)
  local count = vim.fn.strchars(text)
  local low, high = 0, count
  while low < high do
    local mid = math.floor((low + high + 1) / 2)
    if vim.fn.strdisplaywidth(vim.fn.strcharpart(text, 0, mid)) <= room then
      low = mid
    else
      high = mid - 1
    end
  end
  return vim.trim(vim.fn.strcharpart(text, 0, low)) .. M.ellipsis
end

return M
