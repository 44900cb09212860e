-- Vim's motions keep working in the outline window: the capital letters are not letter jumps there
-- (G, N, V, H, M, L, W, B, E, ZZ). Letter jumps are f{char}, and the letters in the thumb index.
local H = require("harness")
local S = require("support")
local api = vim.api

-- The outline's buffer-local maps whose keys are one capital letter (or Å Ä Ö #).
local function letter_maps(buf)
  local found = {}
  for _, map in ipairs(api.nvim_buf_get_keymap(buf, "n")) do
    local lhs = map.lhs
    if vim.fn.strchars(lhs) == 1 and (lhs:match("^%u$") or vim.tbl_contains({ "Å", "Ä", "Ö", "#" }, lhs)) then
      table.insert(found, map.lhs)
    end
  end
  table.sort(found)
  return found
end

H.test("capital letters are Vim's motions in the outline: G, H, L, M, N, V, W, ZZ", function()
  S.setup()
  local buf = S.edit("names.txt")
  local srcwin = vim.fn.bufwinid(buf)
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({}, letter_maps(state.outbuf), "no letter is mapped in the outline")
  H.eq(state.outwin, api.nvim_get_current_win(), "in the outline")
  S.type("G")
  H.eq(api.nvim_buf_line_count(state.outbuf), S.cursor(state.outwin)[1], "G goes to the last row")
  H.eq({ 1, 0 }, S.cursor(srcwin), "and no jump moved the source cursor")
  S.type("gg")
  H.eq(1, S.cursor(state.outwin)[1], "gg to the first")
  S.type("L")
  H.eq(S.view(state.outwin)[2], S.cursor(state.outwin)[1], "L to the last row in view")
  S.type("H")
  H.eq(S.view(state.outwin)[1], S.cursor(state.outwin)[1], "H to the first row in view")
  S.type("M")
  H.ok(S.cursor(state.outwin)[1] > S.view(state.outwin)[1], "M to the middle")
  -- N repeats a search; W moves a WORD (here: to the next line's word).
  vim.fn.setreg("/", "Örjan")
  vim.cmd("silent normal gg0N") -- with the maps, as typed; silent: no search message
  H.eq(S.row_of(state, "  Örjan") + 1, S.cursor(state.outwin)[1], "N finds Örjan (backwards, wrapping)")
  S.type("ggW")
  H.eq({ 2, 2 }, S.cursor(state.outwin), "W to the next WORD: Agnes")
  S.type("V<Esc>")
  H.eq("n", api.nvim_get_mode().mode, "V started (and <Esc> ended) Visual mode")
  S.type("ZZ")
  H.wait_for(function()
    return state.closed
  end, "ZZ to close the outline window, and the outline with it")
  H.eq({ 1, 0 }, S.cursor(srcwin), "the source cursor never moved")
end)

H.test("letter jumps: f{char} in the outline and the letters of the thumb index", function()
  S.setup()
  local buf = S.edit("names.txt")
  local srcwin = vim.fn.bufwinid(buf)
  local state = S.open_outline()
  S.wait_all_loaded(state)
  S.type("fÖ")
  H.wait_for(function()
    return S.cursor(srcwin)[1] == 30
  end, "f Ö to go to Örjan (line 30)")
  H.eq({ S.row_of(state, "Ö") + 1, 0 }, S.cursor(state.outwin), "the outline on Ö")
  local mapped = letter_maps(state.thumbbuf)
  local shown = table.concat(mapped, " ")
  H.ok(vim.tbl_contains(mapped, "G") and vim.tbl_contains(mapped, "Å"), "letters in the thumb index: " .. shown)
  api.nvim_set_current_win(state.thumbwin)
  S.type("B")
  H.wait_for(function()
    return S.cursor(srcwin)[1] == 4
  end, "B in the thumb index to go to Bertil (line 4)")
  H.eq({ S.row_of(state, "B") + 1, 0 }, S.cursor(state.outwin), "the outline on B")
  S.type("fa")
  H.wait_for(function()
    return S.cursor(srcwin)[1] == 31
  end, "f a in the thumb index to go to Agnes (line 31)")
end)

H.test("letter_keys: \"outline\" maps the letters there too, \"none\" nowhere; true is \"outline\"", function()
  S.setup({ outline = { letter_keys = "none" } })
  S.edit("names.txt")
  local state = S.open_outline()
  H.eq({}, letter_maps(state.outbuf), "none in the outline")
  H.eq({}, letter_maps(state.thumbbuf), "none in the thumb index")
  vim.cmd("ThumbIndexClose")
  S.setup({ outline = { letter_keys = true } })
  H.eq("outline", require("thumbindex.config").get().outline.letter_keys, "true, as before, is the outline")
  state = S.open_outline()
  H.ok(vim.tbl_contains(letter_maps(state.outbuf), "G"), "G is a letter jump in the outline")
  vim.cmd("ThumbIndexClose")
  S.setup()
end)
