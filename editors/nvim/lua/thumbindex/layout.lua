-- Where things are in the outline buffer, from a thumbindex/sections result.
--
-- Rows are 0-based. Section i (1-based) has its header at row offset_i + i - 1 and its entries on
-- the rows after it, so the entry at sectioned offset o is on row o + i.
--
--   local layout = Layout.new(result)
--   Layout.row_of_offset(layout, 0)   --> 1 (the first entry, under the first header)
--   Layout.at_row(layout, 0)          --> 1, nil (section 1, its header)
local M = {}

function M.new(result)
  local layout = {
    version = result.version,
    locale = result.locale,
    total = result.totalCount,
    sections = result.sections or {},
    titles = result.sectionIndexTitles or {},
    targets = result.indexTargets or {},
    header_rows = {},
  }
  for i, section in ipairs(layout.sections) do
    layout.header_rows[i] = section.offset + i - 1
  end
  layout.line_count = layout.total + #layout.sections
  return layout
end

--- The section (1-based) holding sectioned offset `offset`.
function M.section_of_offset(layout, offset)
  local low, high = 1, #layout.sections
  while low < high do
    local mid = math.floor((low + high + 1) / 2)
    if layout.sections[mid].offset <= offset then
      low = mid
    else
      high = mid - 1
    end
  end
  return low
end

--- The row of the entry at `offset`.
function M.row_of_offset(layout, offset)
  return offset + M.section_of_offset(layout, offset)
end

--- What is on a row: the section (1-based), and the entry's offset, or nil on a header row.
function M.at_row(layout, row)
  local low, high = 1, #layout.header_rows
  while low < high do
    local mid = math.floor((low + high + 1) / 2)
    if layout.header_rows[mid] <= row then
      low = mid
    else
      high = mid - 1
    end
  end
  if layout.header_rows[low] == row then
    return low, nil
  end
  return low, math.min(row - low, layout.total - 1)
end

--- The entry offsets shown on rows first..last: the first at or after `first`, the last at or
--- before `last` (a range that may be empty when only a header is in view).
function M.offsets_in_rows(layout, first, last)
  local first_section, first_offset = M.at_row(layout, first)
  if first_offset == nil then
    first_offset = layout.sections[first_section].offset
  end
  local last_section, last_offset = M.at_row(layout, last)
  if last_offset == nil then
    last_offset = layout.sections[last_section].offset - 1
  end
  return first_offset, last_offset
end

return M
