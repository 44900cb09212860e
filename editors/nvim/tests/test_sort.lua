-- :ThumbIndexSort and the server's sort actions (source.sortEntries) through vim.lsp.buf.code_action();
-- keep-sorted blocks: their diagnostic and quick fix.
local H = require("harness")
local S = require("support")
local api = vim.api

local sort = require("thumbindex.sort")

local words = { "Östen", "Åsa", "Ärla", "Zoë", "Anna" }
local sorted = { "Anna", "Zoë", "Åsa", "Ärla", "Östen" }

local function lines(buf)
  return api.nvim_buf_get_lines(buf, 0, -1, false)
end

-- Waits until `buf` holds `wanted`; fails naming what it holds.
local function wait_lines(buf, wanted, what)
  local ok = pcall(H.wait_for, function()
    return vim.deep_equal(lines(buf), wanted)
  end, what, 10000)
  if not ok then
    H.fail(string.format("%s: the buffer holds %s", what, vim.inspect(lines(buf))), 2)
  end
end

-- Runs sort.sort and waits for its end; returns ok, message.
local function sort_and_wait(buf, first, last)
  local result
  sort.sort(buf, first, last, function(ok, message)
    result = { ok, message }
  end)
  H.wait_for(function()
    return result
  end, "the sort to end", 10000)
  return result[1], result[2]
end

-- vim.ui.select answered as a person would: the first item whose text starts with `prefix` is chosen.
-- Returns the table the offered texts go into.
local function answer_with(prefix)
  local offered = {}
  vim.ui.select = function(items, options, on_choice)
    local chosen
    for _, item in ipairs(items) do
      local text = options.format_item and options.format_item(item) or tostring(item)
      table.insert(offered, text)
      if not chosen and vim.startswith(text, prefix) then
        chosen = item
      end
    end
    on_choice(chosen)
  end
  return offered
end

-- vim.lsp.buf.code_action() choosing the action whose title starts with `prefix`, of kind `kind`: with
-- filter and apply on 0.8+ (no menu), through the menu (vim.ui.select) on 0.7.
local function code_action(prefix, kind)
  if vim.fn.has("nvim-0.8") == 1 then
    vim.ui.select = function()
      error("a menu was shown")
    end
    vim.lsp.buf.code_action({
      context = { only = { kind }, diagnostics = {} },
      filter = function(action)
        return vim.startswith(action.title, prefix)
      end,
      apply = true,
    })
    return nil
  end
  local offered = answer_with(prefix)
  vim.lsp.buf.code_action({ only = { kind } })
  return offered
end

H.test("sort: the plugin starts the server announcing codeAction/resolve of edit", function()
  S.setup()
  local buf = S.edit_text("ord.txt", words)
  local client = S.wait_attached(buf)
  local announced = client.config.capabilities.textDocument.codeAction
  H.ok(vim.tbl_contains(announced.resolveSupport.properties, "edit"), vim.inspect(announced))
  local provider = client.server_capabilities and client.server_capabilities.codeActionProvider
    or client.resolved_capabilities.code_action
  H.eq(true, provider.resolveProvider, "the server resolves code actions")
  -- So the list carries no edit: the sort is made when an action is resolved.
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { sort.KIND } },
  }
  local actions = H.ok(require("thumbindex.compat").request_sync(client, "textDocument/codeAction", params, 5000, buf))
  H.eq({ { "Sort entries (sv_SE)", sort.KIND, "document", true } }, vim.tbl_map(function(action)
    return { action.title, action.kind, action.data.scope, action.edit == nil and action.command == nil }
  end, actions), "the sort actions listed, with data and no edit")
end)

H.test("sort: :ThumbIndexSort sorts a Swedish word list (Å Ä Ö after Z)", function()
  S.setup()
  local buf = S.edit_text("ord.txt", words)
  S.wait_attached(buf)
  vim.cmd("ThumbIndexSort")
  wait_lines(buf, sorted, "the words in Swedish order")
  H.ok(vim.bo[buf].modified, "the buffer is modified (not written)")
  -- Once more: nothing moves, and the user is told so.
  local ok, message = sort_and_wait(buf)
  H.eq({ true, "the entries are in order already" }, { ok, message }, "a second sort")
  H.eq(sorted, lines(buf), "the words after a second sort")
end)

H.test("sort: :'<,'>ThumbIndexSort sorts the entries of the range only", function()
  S.setup()
  local buf = S.edit_text("ord.txt", words)
  S.wait_attached(buf)
  vim.cmd("2,4ThumbIndexSort")
  wait_lines(buf, { "Östen", "Zoë", "Åsa", "Ärla", "Anna" }, "lines 2-4 sorted, 1 and 5 kept")
  -- A visual selection, as a user makes it.
  api.nvim_win_set_cursor(0, { 1, 0 })
  S.type("Vj<Esc>")
  vim.cmd("'<,'>ThumbIndexSort")
  wait_lines(buf, { "Zoë", "Östen", "Åsa", "Ärla", "Anna" }, "the selected lines 1-2 sorted")
end)

H.test("sort: :ThumbIndexSort sorts a vCard buffer's cards, whole", function()
  S.setup()
  local buf = S.edit("contacts.vcf")
  S.wait_attached(buf)
  local before = lines(buf)
  vim.cmd("ThumbIndexSort")
  local after = vim.list_extend(vim.list_slice(before, 6, 10), vim.list_slice(before, 1, 5))
  wait_lines(buf, after, "Östen Berg's card before Anna Svensson's (family name first)")
end)

H.test("sort: a buffer in a format that does not sort is told so, unchanged", function()
  S.setup({ filetypes = { "lua" } })
  local buf = S.edit_text("code.lua", { "local b = 1", "local a = 2" })
  S.wait_attached(buf)
  local ok, message = sort_and_wait(buf)
  H.eq(false, ok, "the sort failed")
  H.ok(message:find("no sort", 1, true), message)
  H.eq({ "local b = 1", "local a = 2" }, lines(buf), "the buffer")
end)

H.test("sort: vim.lsp.buf.code_action() lists the sort and applies it (resolved)", function()
  S.setup()
  local buf = S.edit_text("ord.txt", words)
  S.wait_attached(buf)
  local offered = code_action("Sort entries", sort.KIND)
  wait_lines(buf, sorted, "the words sorted by the code action")
  if offered then
    H.eq({ "Sort entries (sv_SE)" }, offered, "the menu with only source.sortEntries")
  end
end)

H.test("sort: a keep-sorted block out of order gets a warning, and its quick fix sorts it", function()
  S.setup()
  local text = { "deps:", "  # keep-sorted start", "  - zlib", "  - attrs", "  - Öl", "  # keep-sorted end" }
  local buf = S.edit_text("deps.yaml", text)
  S.wait_attached(buf)
  local diagnostic = H.wait_for(function()
    return vim.diagnostic.get(buf)[1]
  end, "the keep-sorted diagnostic", 10000)
  H.eq({ "keep-sorted", "thumbindex", vim.diagnostic.severity.WARN, 3 },
    { diagnostic.code, diagnostic.source, diagnostic.severity, diagnostic.lnum }, "the diagnostic")
  H.ok(diagnostic.message:find("attrs", 1, true), diagnostic.message)
  api.nvim_win_set_cursor(0, { 4, 0 })
  code_action("Sort this keep-sorted block", "quickfix")
  wait_lines(buf, { "deps:", "  # keep-sorted start", "  - attrs", "  - zlib", "  - Öl", "  # keep-sorted end" },
    "the block sorted by the quick fix")
  H.wait_for(function()
    return #vim.diagnostic.get(buf) == 0
  end, "the diagnostic to go once the block is sorted", 10000)
end)
