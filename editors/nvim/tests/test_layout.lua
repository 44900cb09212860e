-- Rows and offsets of the outline buffer, on their own.
local H = require("harness")
local Layout = require("thumbindex.layout")

-- A: 2 entries, C: 1, Ö: 3 — rows: 0 A, 1-2, 3 C, 4, 5 Ö, 6-8.
local layout = Layout.new({
  version = 3,
  locale = "sv-SE",
  totalCount = 6,
  sections = {
    { title = "A", titleIndex = 0, count = 2, offset = 0 },
    { title = "C", titleIndex = 2, count = 1, offset = 2 },
    { title = "Ö", titleIndex = 28, count = 3, offset = 3 },
  },
  sectionIndexTitles = { "A", "B", "C" },
  indexTargets = { 0, 0, 1 },
})

H.test("layout: a row per header and per entry", function()
  H.eq({ 0, 3, 5 }, layout.header_rows, "header rows")
  H.eq(9, layout.line_count, "rows")
  H.eq({ 1, 2, 4, 6, 7, 8 }, vim.tbl_map(function(offset)
    return Layout.row_of_offset(layout, offset)
  end, { 0, 1, 2, 3, 4, 5 }), "rows of the entries")
end)

H.test("layout: what each row holds", function()
  local seen = {}
  for row = 0, 8 do
    local section, offset = Layout.at_row(layout, row)
    seen[#seen + 1] = section .. ":" .. (offset or "header")
  end
  H.eq({ "1:header", "1:0", "1:1", "2:header", "2:2", "3:header", "3:3", "3:4", "3:5" }, seen, "rows")
end)

H.test("layout: the entries in a range of rows", function()
  H.eq({ 0, 5 }, { Layout.offsets_in_rows(layout, 0, 8) }, "all")
  H.eq({ 2, 2 }, { Layout.offsets_in_rows(layout, 3, 5) }, "from a header to a header")
  H.eq({ 3, 2 }, { Layout.offsets_in_rows(layout, 5, 5) }, "only a header: empty")
end)
