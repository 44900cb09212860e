-- The letter jump in Neovim's built-in LSP client, with no ThumbIndex plugin: one of the configurations beside this
-- file is the init file (-u), and this file drives the client as a person would, through vim.lsp.buf.code_action()
-- and vim.lsp.codelens, with vim.ui.select answered by the test; then the sort actions (source.sortEntries, resolved
-- by codeAction/resolve) and a keep-sorted block's diagnostic and quick fix. Run by editors/clients/run.sh:
--
--   PATH=<folder with thumbindex>:$PATH THUMBINDEX_CLIENTS_FILE=/tmp/x/ord.txt THUMBINDEX_CLIENTS_EXPECT=moves \
--     nvim --headless -i NONE -u editors/clients/nvim/0.11.lua -c 'luafile editors/clients/nvim/test.lua'
--
-- THUMBINDEX_CLIENTS_EXPECT says what the configuration is expected to do with the jump: "moves" (the cursor goes to
-- the section's first entry, by window/showDocument) or "stays" (Neovim 0.7 without the showDocument lines: the
-- command runs and answers the entry's Location, and Neovim drops that answer). Every wait has a deadline that fails.

local label = os.getenv('THUMBINDEX_CLIENTS_LABEL') or 'nvim'
local file = assert(os.getenv('THUMBINDEX_CLIENTS_FILE'), 'THUMBINDEX_CLIENTS_FILE is not set')
local expect = os.getenv('THUMBINDEX_CLIENTS_EXPECT') or 'moves'
local deadline = 20000

local titles = { 'A', 'B', 'C', 'O', 'Z', 'Å', 'Ä', 'Ö' }
local action_titles = {}
for _, title in ipairs(titles) do
  table.insert(action_titles, string.format('Go to %s (%s)', title, title == 'Ö' and '3 entries' or '1 entry'))
end
-- Where "Go to Ö" lands: "  ödla", line 8, at the name (0-based byte column 2), not "örn", the first Ö line.
local landing = { 8, 2 }
local start = { 3, 0 }

local passed, failed = 0, 0
local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local deprecations = {}
local deprecate = vim.deprecate
vim.deprecate = function(name, ...)
  table.insert(deprecations, name)
  return deprecate(name, ...)
end

local function wait(what, condition)
  if not vim.wait(deadline, condition, 10) then
    error('timed out after ' .. deadline .. ' ms waiting for ' .. what, 2)
  end
end

local function same(actual, wanted, what)
  if not vim.deep_equal(actual, wanted) then
    error(string.format('%s: got %s, wanted %s', what, vim.inspect(actual), vim.inspect(wanted)), 2)
  end
end

local function test(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    passed = passed + 1
    out('ok - ' .. name)
  else
    failed = failed + 1
    out('not ok - ' .. name .. '\n' .. tostring(err))
  end
end

local function skip(name, why)
  out('skip - ' .. name .. ': ' .. why)
end

local function clients()
  local all = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)
  local found = {}
  for _, client in pairs(all) do
    if client.name == 'thumbindex' then table.insert(found, client) end
  end
  return found
end

-- What the client did with the jump: the answers of workspace/executeCommand and the showDocument requests it was
-- sent, seen by wrapping Neovim's own handlers (which still run).
local answers, shown = {}, {}
local function tap(method, into)
  local handler = vim.lsp.handlers[method]
  if handler then
    vim.lsp.handlers[method] = function(err, result, ctx, config)
      table.insert(into, { err = err, result = result })
      return handler(err, result, ctx, config)
    end
  end
  return handler ~= nil
end
local executes = tap('workspace/executeCommand', answers)
local handles_show_document = tap('window/showDocument', shown)

-- vim.ui.select as a person answering it: records what it was shown and picks the item whose text starts with `pick`.
local offered
local function answer_with(pick)
  offered = nil
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    local chosen
    for _, item in ipairs(items) do
      local text = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(offered, text)
      if not chosen and vim.startswith(text, pick) then chosen = item end
    end
    on_choice(chosen)
  end
end

-- After a jump: the cursor moved to the entry, or (expect "stays") the answer came with the Location and the cursor
-- did not move. Either way the answer is the entry's Location.
local function check_jump(before_answers, before_shown)
  wait('the answer of workspace/executeCommand', function() return #answers > before_answers end)
  local answer = answers[#answers]
  same(answer.err, nil, 'the error of workspace/executeCommand')
  same(answer.result.uri, vim.uri_from_fname(file), 'the uri of the answer')
  same(answer.result.range.start, { line = landing[1] - 1, character = landing[2] }, 'the start of the answer')
  if expect == 'moves' then
    wait('the cursor on line ' .. landing[1], function()
      return vim.deep_equal(vim.api.nvim_win_get_cursor(0), landing)
    end)
    same(#shown, before_shown + 1, 'showDocument requests handled')
    local selection = shown[#shown].result.selection
    same(selection.start, selection['end'], 'a zero-width selection')
  else
    same(vim.api.nvim_win_get_cursor(0), start, 'the cursor (Neovim drops the answer)')
    same(#shown, before_shown, 'showDocument requests')
  end
end

out(string.format('%s: Neovim %d.%d.%d, expecting the cursor to %s', label, vim.version().major,
  vim.version().minor, vim.version().patch, expect == 'moves' and 'move' or 'stay'))

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()

test('the configuration attaches the server to a text buffer', function()
  same(vim.bo.filetype, 'text', 'the filetype')
  wait('the thumbindex client to attach and initialize', function()
    local found = clients()[1]
    return found ~= nil and found.server_capabilities ~= nil and found.initialized ~= false
  end)
  same(#clients(), 1, 'thumbindex clients on the buffer')
end)

test('the server declares code actions, code lenses and thumbindex.jump', function()
  local capabilities = clients()[1].server_capabilities
  assert(capabilities.codeActionProvider, 'codeActionProvider')
  assert(capabilities.codeLensProvider, 'codeLensProvider')
  same(capabilities.executeCommandProvider, { commands = { 'thumbindex.jump', 'thumbindex.sortEntries' } },
    'executeCommandProvider')
  same(capabilities.codeActionProvider.codeActionKinds, { 'source.sortEntries' }, 'the kinds of code action')
end)

test('vim.lsp.buf.code_action() offers the sort, a "Go to" per letter with entries, and "Go to Ö" jumps', function()
  vim.api.nvim_win_set_cursor(0, start)
  local before_answers, before_shown = #answers, #shown
  answer_with('Go to Ö')
  vim.lsp.buf.code_action()
  wait('the code action menu', function() return offered ~= nil end)
  same(offered, vim.list_extend({ 'Sort entries (sv_SE)' }, action_titles), 'the menu')
  check_jump(before_answers, before_shown)
end)

if vim.fn.has('nvim-0.8') == 1 then
  test('vim.lsp.buf.code_action({ filter = …, apply = true }) jumps with no menu', function()
    vim.api.nvim_win_set_cursor(0, start)
    local before_answers, before_shown = #answers, #shown
    vim.ui.select = function() error('a menu was shown') end
    vim.lsp.buf.code_action({
      filter = function(action) return vim.startswith(action.title, 'Go to Ö') end,
      apply = true,
    })
    check_jump(before_answers, before_shown)
  end)
else
  skip('vim.lsp.buf.code_action({ filter = …, apply = true })', 'Neovim 0.7 has no such options')
end

test('vim.lsp.codelens shows the letters on the first line and running Ö jumps', function()
  if vim.fn.has('nvim-0.8') == 1 then vim.lsp.codelens.refresh({ bufnr = buffer }) else vim.lsp.codelens.refresh() end
  wait('8 code lenses', function() return #vim.lsp.codelens.get(buffer) == 8 end)
  local lenses = vim.lsp.codelens.get(buffer)
  local shown_titles = {}
  for _, lens in ipairs(lenses) do
    same(lens.range.start.line, 0, 'the line of a lens')
    table.insert(shown_titles, lens.command.title)
  end
  same(shown_titles, titles, 'the lenses')
  -- What is drawn: the lens titles as virtual text of line 1, in any namespace (0.7: lines of virtual text;
  -- 0.11: virtual lines above or text at the end, depending on the version).
  wait('the lenses drawn on line 1', function()
    for _, namespace in pairs(vim.api.nvim_get_namespaces()) do
      local marks = vim.api.nvim_buf_get_extmarks(buffer, namespace, { 0, 0 }, { 0, -1 }, { details = true })
      for _, mark in ipairs(marks) do
        local text = ''
        for _, chunk in ipairs(mark[4].virt_text or {}) do text = text .. chunk[1] end
        for _, line in ipairs(mark[4].virt_lines or {}) do
          for _, chunk in ipairs(line) do text = text .. chunk[1] end
        end
        if text:find('A', 1, true) and text:find('Ö', 1, true) then return true end
      end
    end
    return false
  end)
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  local before_answers, before_shown = #answers, #shown
  answer_with('Ö')
  -- The cursor stays on line 1 when the jump does not move it: check against that line.
  start = { 1, 0 }
  vim.lsp.codelens.run()
  wait('the code lens menu', function() return offered ~= nil end)
  same(offered, titles, 'the code lens menu')
  check_jump(before_answers, before_shown)
end)

-- vim.lsp.buf.code_action() choosing the action whose title starts with `pick`, of kind `kind`: with filter and apply
-- from 0.8 on (no menu), from the menu on 0.7 (whose options are the context alone).
local function run_action(pick, kind)
  if vim.fn.has('nvim-0.8') == 1 then
    vim.ui.select = function() error('a menu was shown') end
    vim.lsp.buf.code_action({
      context = { only = { kind }, diagnostics = {} },
      filter = function(action) return vim.startswith(action.title, pick) end,
      apply = true,
    })
  else
    answer_with(pick)
    vim.lsp.buf.code_action({ only = { kind } })
    wait('the code action menu', function() return offered ~= nil end)
    same(#offered, 1, 'the actions of kind ' .. kind .. ' (' .. table.concat(offered, ', ') .. ')')
  end
end

local function buffer_lines(buf) return vim.api.nvim_buf_get_lines(buf, 0, -1, false) end

test('vim.lsp.buf.code_action() "Sort entries" sorts the buffer as `thumbindex sort --entries` does', function()
  local wanted = vim.fn.systemlist({ 'thumbindex', 'sort', '--entries', '-l', 'sv_SE', file })
  same(vim.v.shell_error, 0, 'the exit status of thumbindex sort --entries')
  same(wanted[1], 'anteckning', 'the first line of the CLI sort')
  same({ wanted[4], wanted[8], wanted[10] }, { 'ost', '  ödla', 'örn' }, 'O before Z, Ö after Ä, lines kept whole')
  vim.api.nvim_set_current_buf(buffer)
  run_action('Sort entries', 'source.sortEntries')
  wait('the buffer sorted', function() return vim.deep_equal(buffer_lines(buffer), wanted) end)
end)

test('a keep-sorted block out of order gets a warning, and its quick fix sorts it', function()
  local keep = vim.fn.fnamemodify(file, ':h') .. '/keep.txt'
  vim.fn.writefile({ 'Tools:', '# keep-sorted start', 'zlib', 'attrs', 'öl', '# keep-sorted end' }, keep)
  vim.cmd('edit ' .. vim.fn.fnameescape(keep))
  local buf = vim.api.nvim_get_current_buf()
  wait('the keep-sorted diagnostic', function() return vim.diagnostic.get(buf)[1] ~= nil end)
  local diagnostic = vim.diagnostic.get(buf)[1]
  same({ diagnostic.code, diagnostic.source, diagnostic.severity, diagnostic.lnum },
    { 'keep-sorted', 'thumbindex', vim.diagnostic.severity.WARN, 3 }, 'the diagnostic on "attrs"')
  vim.api.nvim_win_set_cursor(0, { 4, 0 })
  run_action('Sort this keep-sorted block', 'quickfix')
  wait('the block sorted', function()
    return vim.deep_equal(buffer_lines(buf),
      { 'Tools:', '# keep-sorted start', 'attrs', 'zlib', 'öl', '# keep-sorted end' })
  end)
  wait('the diagnostic gone', function() return #vim.diagnostic.get(buf) == 0 end)
end)

test('no deprecation warning', function()
  assert(executes, 'Neovim has a workspace/executeCommand handler')
  if expect == 'moves' then assert(handles_show_document, 'a window/showDocument handler') end
  same(deprecations, {}, 'vim.deprecate calls')
end)

out(string.format('%s: %d passed, %d failed', label, passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
