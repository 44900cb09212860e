-- Helpers for the ThumbIndex tests: set-up with the binary under test, fixtures, outlines.
local H = require("harness")
local api = vim.api

local S = {}

local function find_binary()
  local bin = os.getenv("THUMBINDEX_BIN")
  if bin and bin ~= "" then
    return bin
  end
  local built = H.root .. "/.build/debug/thumbindex"
  if vim.fn.executable(built) == 1 then
    return built
  end
  return "thumbindex"
end

S.bin = find_binary()

--- The options every test starts from (Swedish, so that Å Ä Ö are sections of their own).
function S.options(extra)
  return vim.tbl_deep_extend("force", {
    cmd = { S.bin },
    settings = { locale = "sv_SE" },
    outline = { update_delay = 100 },
  }, extra or {})
end

function S.setup(extra)
  return require("thumbindex").setup(S.options(extra))
end

--- Edits a copy of a fixture; returns the buffer and the copy's path.
function S.edit(name)
  local path = H.copy_fixture(name)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return api.nvim_get_current_buf(), path
end

--- Edits a new file `name` holding `lines`, in a fresh temporary folder; returns the buffer and path.
function S.edit_text(name, lines)
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder, "p")
  local path = folder .. "/" .. name
  vim.fn.writefile(lines, path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return api.nvim_get_current_buf(), path
end

--- Edits a file of generated lines (deterministic pseudo-random Swedish-looking names).
function S.edit_generated(count)
  local syllables = {
    "an", "be", "ca", "de", "el", "fa", "go", "hu", "in", "jo", "ka", "lu", "ma", "ne", "or",
    "pe", "qu", "ri", "sa", "to", "ul", "ve", "wi", "xa", "ya", "ze", "å", "ä", "ö",
  }
  local seed = 12345
  local function random(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
  end
  local lines = {}
  for i = 1, count do
    local word = syllables[random(#syllables)] .. syllables[random(#syllables)] .. syllables[random(#syllables)]
    local first = vim.fn.toupper(vim.fn.strcharpart(word, 0, 1))
    lines[i] = first .. vim.fn.strcharpart(word, 1) .. tostring(i)
  end
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder, "p")
  local path = folder .. "/generated.txt"
  vim.fn.writefile(lines, path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return api.nvim_get_current_buf(), path
end

function S.client(buf)
  return require("thumbindex.client").get(buf)
end

function S.wait_attached(buf)
  return H.wait_for(function()
    local client = S.client(buf)
    return client and client.initialized and client
  end, "the server to attach", 15000)
end

--- A marker round trip through the server, to check that something did not happen: sends
--- thumbindex/indexTitles (cheap, about no document) to `client` and waits for its reply. The reply
--- can only come after the request was sent, and Neovim queues the handler of each message from the
--- server in the order the messages arrive, behind what was already queued: when this returns,
--- every callback vim.schedule'd before the call and every notification and reply the server sent
--- before this reply have been handled. Not a marker for the reply to another request: the server
--- answers requests concurrently, in any order (Protocol/README.md, "Ordering and concurrency").
function S.round_trip(client)
  local answered = false
  local id = require("thumbindex.compat").request(client, "thumbindex/indexTitles", vim.empty_dict(), function()
    answered = true
  end)
  H.ok(id, "the marker request could not be sent")
  H.wait_for(function()
    return answered
  end, "the server's reply to the marker request (thumbindex/indexTitles)")
end

--- Opens the outline of the current buffer and waits for its layout.
function S.open_outline(timeout)
  local state = require("thumbindex").open()
  H.wait_for(function()
    return state.layout
  end, "the outline's sections", timeout or 10000)
  return state
end

function S.lines(state)
  return api.nvim_buf_get_lines(state.outbuf, 0, -1, false)
end

--- The outline's lines as one text, the wrapped lines of a message joined again by spaces.
function S.text(state)
  local words = {}
  for _, line in ipairs(S.lines(state)) do
    table.insert(words, H.trim(line))
  end
  return (table.concat(words, " "):gsub("%s+", " "))
end

function S.placeholder()
  return "  " .. require("thumbindex.config").get().outline.placeholder
end

--- Waits until rows first..last (0-based) of the outline hold no placeholder.
function S.wait_rows_loaded(state, first, last, timeout)
  local placeholder = S.placeholder()
  H.wait_for(function()
    local lines = api.nvim_buf_get_lines(state.outbuf, first, last + 1, false)
    for _, line in ipairs(lines) do
      if line == placeholder then
        return false
      end
    end
    return #lines > 0
  end, string.format("outline rows %d-%d to be filled", first, last), timeout)
end

function S.wait_all_loaded(state, timeout)
  S.wait_rows_loaded(state, 0, api.nvim_buf_line_count(state.outbuf) - 1, timeout)
end

--- The titles the thumb index shows, top to bottom (blank rows left out).
function S.thumb_titles(state)
  return vim.tbl_filter(function(line)
    return line ~= ""
  end, vim.tbl_map(H.trim, api.nvim_buf_get_lines(state.thumbbuf, 0, -1, false)))
end

--- Waits until the thumb index shows titles: a condensed list comes in its own reply, which may
--- arrive after the outline's pages.
function S.wait_thumb(state)
  H.wait_for(function()
    return #S.thumb_titles(state) > 0
  end, "the thumb index's titles")
  return S.thumb_titles(state)
end

--- The 0-based row of the first outline line equal to `text`, or nil.
function S.row_of(state, text)
  for i, line in ipairs(S.lines(state)) do
    if line == text then
      return i - 1
    end
  end
  return nil
end

function S.cursor(win)
  return api.nvim_win_get_cursor(win)
end

function S.view(win)
  return api.nvim_win_call(win, function()
    return { vim.fn.line("w0"), vim.fn.line("w$") }
  end)
end

--- Types keys as a user would (mappings apply).
function S.type(keys)
  api.nvim_feedkeys(api.nvim_replace_termcodes(keys, true, false, true), "mx", false)
end

--- Closes every outline and workspace window and wipes every buffer; the server keeps running.
function S.reset()
  local outline = require("thumbindex.outline")
  for _, state in pairs(outline.tabs) do
    outline.close_state(state)
  end
  local workspace = require("thumbindex.workspace")
  for _, state in pairs(workspace.tabs) do
    workspace.close_state(state)
  end
  vim.cmd("silent! only")
  vim.cmd("silent! %bwipeout!")
  H.notifications = {}
end

--- Stops every language server, those still starting too (Neovim 0.7 lists a client only once it
--- is initialized: one started at the end of a test would otherwise be reused, with the settings
--- it was started with); in a test, waits until they are gone, so that the next test does not
--- attach a buffer to a server that is still exiting.
function S.stop_servers()
  local compat = require("thumbindex.compat")
  local stopping = {}
  local listed = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, client in ipairs(vim.list_extend(listed, require("thumbindex.client").all())) do
    stopping[client.id] = true
    compat.stop_client(client, true)
  end
  if coroutine.running() then
    H.wait_for(function()
      for id in pairs(stopping) do
        if vim.lsp.get_client_by_id(id) then
          return false
        end
      end
      return true
    end, "the servers to stop")
  end
end

--- Stops the servers and sets the plugin up again with `options`: a new server gets them at initialize.
function S.restart_server(options)
  S.stop_servers()
  H.wait_for(function()
    return S.client() == nil
  end, "the servers to stop")
  S.setup(options)
end

--- The rows of an outline that are entries (not section headers), trimmed, in outline order.
function S.entries(state)
  local found = {}
  for _, line in ipairs(S.lines(state)) do
    if line:match("^  ") then
      table.insert(found, H.trim(line))
    end
  end
  return found
end

H.after_each = S.reset
H.before_exit = S.stop_servers

return S
