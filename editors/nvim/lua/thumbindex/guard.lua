-- The outline and thumb index windows keep their buffers. A buffer that comes into one of them
-- (:edit, :buffer, :enew typed there) is shown in the source window instead, which gets the focus,
-- and the outline is put back, as outline plugins users know (aerial.nvim, symbols-outline) do.
-- ('winfixbuf' of Neovim 0.10 would refuse with an error instead; 0.7 has nothing of the kind.)
local config = require("thumbindex.config")
local ui = require("thumbindex.ui")
local window = require("thumbindex.window")

local api = vim.api
local M = {}

-- The window for a buffer opened in the outline: the source window while it is there, else a new
-- one on the other side of the outline.
local function target_window(state)
  local function usable(win)
    return ui.valid_win(win) and win ~= state.outwin and win ~= state.thumbwin
  end
  if usable(state.srcwin) then
    return state.srcwin
  end
  local win = vim.fn.bufwinid(state.src)
  if usable(win) then
    state.srcwin = win
    return win
  end
  api.nvim_set_current_win(state.outwin)
  vim.cmd(config.get().outline.position == "left" and "botright vsplit" or "topleft vsplit")
  state.srcwin = api.nvim_get_current_win()
  return state.srcwin
end

-- Puts `buf` back in `win`; returns the buffer that had taken its place, or nil.
local function put_back(win, buf, cursorline)
  if not (ui.valid_win(win) and ui.valid_buf(buf)) or api.nvim_win_get_buf(win) == buf then
    return nil
  end
  local intruder = api.nvim_win_get_buf(win)
  api.nvim_win_set_buf(win, buf)
  window.window_options(win, cursorline)
  return intruder
end

--- Puts the outline and thumb index buffers back in their windows when another buffer took one of
--- them, and shows that buffer in the source window.
function M.check(state)
  if state.closed then
    return
  end
  local moved = put_back(state.outwin, state.outbuf, true)
  moved = put_back(state.thumbwin, state.thumbbuf, false) or moved
  if not moved then
    return
  end
  window.update_statusline(state)
  if ui.valid_win(state.thumbwin) then
    vim.wo[state.thumbwin].statusline = " "
  end
  if not ui.valid_buf(moved) then
    return
  end
  local win = target_window(state)
  -- The source window's buffer may not be hidden ('nohidden' and changes): then a split of it.
  if not pcall(api.nvim_win_set_buf, win, moved) then
    api.nvim_set_current_win(win)
    vim.cmd("split")
    win = api.nvim_get_current_win()
    api.nvim_win_set_buf(win, moved)
  end
  api.nvim_set_current_win(win)
end

--- Watches, in the outline's autocommand group, for buffers that come into its windows.
function M.watch(state, group)
  api.nvim_create_autocmd("BufWinEnter", {
    group = group,
    callback = function()
      -- After the command that brought the buffer has finished.
      vim.schedule(function()
        M.check(state)
      end)
    end,
  })
end

return M
