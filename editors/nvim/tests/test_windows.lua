-- The outline's windows keep their buffers: a file opened in the outline (:edit, :buffer) goes to
-- the source window, and the outline stays as it was.
local H = require("harness")
local S = require("support")
local api = vim.api

-- Waits until the outline and thumb index windows show their own buffers again and `buf` is shown
-- in the current window, which is not one of them.
local function put_back(state, buf)
  H.wait_for(function()
    local win = api.nvim_get_current_win()
    local thumb_ok = not api.nvim_win_is_valid(state.thumbwin) or api.nvim_win_get_buf(state.thumbwin) == state.thumbbuf
    return api.nvim_win_get_buf(state.outwin) == state.outbuf
      and thumb_ok
      and api.nvim_win_get_buf(win) == buf
      and win ~= state.outwin
      and win ~= state.thumbwin
  end, "the outline back in its window, and the other buffer in the source window")
  return api.nvim_get_current_win()
end

H.test(":edit and :buffer in the outline window open the file in the source window", function()
  S.setup()
  local src = S.edit("names.txt")
  local srcwin = api.nvim_get_current_win()
  local other_path = H.copy_fixture("glossary.md")
  local state = S.open_outline()
  S.wait_all_loaded(state)
  local before = S.lines(state)
  H.eq(state.outwin, api.nvim_get_current_win(), "in the outline")
  vim.cmd("edit " .. vim.fn.fnameescape(other_path))
  local other = vim.fn.bufnr(other_path)
  H.eq(srcwin, put_back(state, other), "glossary.md in the source window")
  -- The outline follows the source window to glossary.md, in the same windows.
  H.wait_for(function()
    return state.src == other and state.layout and S.row_of(state, "  Ögla")
  end, "the outline of glossary.md")
  H.ok(not state.closed, "the outline is still open")
  H.eq(3, #api.nvim_list_wins(), "no window more")
  -- :buffer, from the outline window again, back to the source file.
  api.nvim_set_current_win(state.outwin)
  vim.cmd("buffer " .. src)
  H.eq(srcwin, put_back(state, src), "names.txt in the source window again")
  H.wait_for(function()
    return state.src == src and state.layout and state.layout.total == 40
  end, "the outline of names.txt again")
  S.wait_all_loaded(state)
  H.eq(before, S.lines(state), "the outline is as it was")
  -- The outline still works: a letter jumps in the source.
  api.nvim_set_current_win(state.outwin)
  S.type("fÖ")
  H.wait_for(function()
    return S.cursor(srcwin)[1] == 30
  end, "the source cursor on Örjan (line 30)")
end)

H.test(":enew in the thumb index, and :edit in the outline without a source window", function()
  S.setup()
  S.edit("names.txt")
  local state = S.open_outline()
  S.wait_all_loaded(state)
  api.nvim_set_current_win(state.thumbwin)
  vim.cmd("enew")
  local new = api.nvim_win_get_buf(state.thumbwin)
  put_back(state, new)
  H.ok(api.nvim_win_get_buf(state.srcwin) == new, "the new buffer in the source window")
  -- Without the source window, the file gets a new window beside the outline.
  api.nvim_set_current_win(state.outwin)
  vim.cmd("only")
  -- The plugin would close the outline, or open a window again, in a callback that its handlers of
  -- WinClosed, BufEnter/WinEnter or BufWinEnter schedule when :only fires them: the marker's reply
  -- is handled after any such callback.
  S.round_trip(state.client)
  H.ok(not state.closed, "closing the other windows leaves the outline open")
  H.eq({ state.outwin }, api.nvim_list_wins(), "the outline window alone")
  local path = H.copy_fixture("glossary.md")
  api.nvim_set_current_win(state.outwin)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local win = put_back(state, vim.fn.bufnr(path))
  H.ok(win ~= state.outwin, "a window of its own")
end)
