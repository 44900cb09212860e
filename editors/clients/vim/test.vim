vim9script
# The letter jump in Vim 9 with yegappan/lsp, with no ThumbIndex plugin: vimrc (and for "moves" jump.vim) beside
# this file is the configuration, and this file drives :LspCodeAction and :LspCodeLens as a person would, typing the
# menu's number. Run by editors/clients/run.sh, which puts yegappan/lsp ($THUMBINDEX_VIM_LSP) on 'packpath':
#
#   PATH=<folder with thumbindex>:$PATH THUMBINDEX_CLIENTS_FILE=/tmp/x/ord.txt THUMBINDEX_CLIENTS_EXPECT=moves \
#   THUMBINDEX_CLIENTS_RESULTS=/tmp/x/results vim -N -i NONE --not-a-term --cmd 'set packpath^=/tmp/x/pack-root' \
#     -u editors/clients/vim/vimrc -c 'source editors/clients/vim/jump.vim' -S editors/clients/vim/test.vim
#
# THUMBINDEX_CLIENTS_EXPECT: "moves" (the cursor goes to the section's first entry) or "stays" (vimrc alone: the
# command runs, the server answers the Location, which yegappan/lsp drops). What the server answered is read from
# Vim's own channel log (ch_logfile). Every wait has a deadline that fails the test.

const file = $THUMBINDEX_CLIENTS_FILE
const expect = $THUMBINDEX_CLIENTS_EXPECT ?? 'moves'
const results = $THUMBINDEX_CLIENTS_RESULTS
const label = $THUMBINDEX_CLIENTS_LABEL ?? 'vim'
const channel_log = results .. '.channel'
const deadline = 20.0

const titles = ['A', 'B', 'C', 'O', 'Z', 'Å', 'Ä', 'Ö']
const action_titles = titles->mapnew((_, t) => $'Go to {t} ({t == 'Ö' ? '3 entries' : '1 entry'})')
# Where "Go to Ö" lands: "  ödla", line 8, column 3 (the name), not "örn", the first Ö line.
const landing = [8, 3]

var passed = 0
var failed = 0

def Out(line: string)
  writefile(line->split("\n"), results, 'a')
enddef

def WaitFor(what: string, Condition: func(): bool)
  var start = reltime()
  while !Condition()
    if start->reltime()->reltimefloat() > deadline
      throw $'timed out after {deadline} s waiting for {what}'
    endif
    sleep 10m
  endwhile
enddef

def Same(actual: any, wanted: any, what: string)
  # Types first: in Vim 9.0 comparing a number with a bool is an error, which hangs a test run from a timer.
  if type(actual) != type(wanted) || actual != wanted
    throw $'{what}: got {string(actual)}, wanted {string(wanted)}'
  endif
enddef

def Test(name: string, Body: func())
  try
    Body()
    passed += 1
    Out($'ok - {name}')
  catch
    failed += 1
    Out($'not ok - {name}: {v:exception} ({v:throwpoint})')
  endtry
enddef

# The JSON messages of the channel log, both ways: after a line "… RECV on 0(out): 'Content-Length: N" (or SEND …
# (in)) and an empty one, the message's JSON is a line of its own, ending with a quote, or where another message's
# headers begin.
def Messages(): list<dict<any>>
  var found: list<dict<any>> = []
  if !filereadable(channel_log)
    return found
  endif
  for line in readfile(channel_log)
    var at = line->stridx('{"')
    if at < 0
      continue
    endif
    var text = line[at : ]->substitute("'$", '', '')
    for piece in text->split('Content-Length: \d\+\r\?\n\?\r\?\n\?')
      try
        var message = piece->json_decode()
        if type(message) == v:t_dict
          found->add(message)
        endif
      catch
      endtry
    endfor
  endfor
  return found
enddef

# The answers to workspace/executeCommand seen so far, by the id of the request.
def CommandAnswers(): list<any>
  var messages = Messages()
  var ids = messages->copy()->filter((_, m) => m->get('method', '') == 'workspace/executeCommand')
    ->map((_, m) => m.id)
  return messages->copy()->filter((_, m) => !m->has_key('method') && ids->index(m->get('id', -1)) >= 0)
    ->map((_, m) => m->get('result', null))
enddef

# After a jump: the server answered the Location of "  ödla", and the cursor moved there (expect "moves") or did not
# move from `before` (expect "stays").
def CheckJump(answers_before: number, before: list<number>)
  WaitFor('the answer of workspace/executeCommand', () => CommandAnswers()->len() > answers_before)
  var answer = CommandAnswers()[-1]
  Same(type(answer), v:t_dict, 'the answer')
  Same(answer.range.start, {line: landing[0] - 1, character: landing[1] - 1}, 'the start of the answer')
  if expect == 'moves'
    WaitFor($'the cursor at {string(landing)}', () => [line('.'), col('.')] == landing)
  else
    Same([line('.'), col('.')], before, 'the cursor (yegappan/lsp drops the answer)')
  endif
enddef

def Popups(): list<number>
  return popup_list()->filter((_, id) => popup_getpos(id)->get('visible', 0) == 1)
enddef

# After VimEnter, where yegappan/lsp starts (-S runs before it), from the main loop (a timer).
def Run(_: number)
  ch_logfile(channel_log, 'w')
  Out($'{label}: {execute('version')->split("\n")[0]}, yegappan/lsp from {$THUMBINDEX_VIM_LSP}, expecting the cursor to {expect == 'moves' ? 'move' : 'stay'}')
  execute 'edit' fnameescape(file)

  Test('the configuration starts the server for a text buffer', () => {
    Same(&filetype, 'text', 'the filetype')
    WaitFor('the thumbindex server to be ready', () => g:LspServerReady())
  })

  Test('the server declares code actions, code lenses and thumbindex.jump', () => {
    var init = Messages()->filter((_, m) => type(m->get('result', null)) == v:t_dict && m.result->has_key('capabilities'))
    Same(len(init), 1, 'initialize answers in the channel log')
    var capabilities = init[0].result.capabilities
    Same(capabilities->get('codeActionProvider', {}), {codeActionKinds: ['source.sortEntries'], resolveProvider: true},
      'codeActionProvider')
    Same(type(capabilities->get('codeLensProvider', null)), v:t_dict, 'codeLensProvider')
    Same(capabilities->get('executeCommandProvider', {}), {commands: ['thumbindex.jump', 'thumbindex.sortEntries']},
      'executeCommandProvider')
  })

  Test(':LspCodeAction lists the sorts, a "Go to" per letter with entries, and choosing Ö jumps', () => {
    g:LspOptionsSet({usePopupInCodeAction: true})
    cursor(3, 1)
    var answers_before = CommandAnswers()->len()
    LspCodeAction
    WaitFor('the code action menu', () => !Popups()->empty())
    # Each line ends with the action's kind and the server's name when the menu shows them (yegappan/lsp's
    # codeActionPopupDetailsBitfield). The range is the cursor's line: the sort of the selected entries is offered too.
    var menu = getbufline(winbufnr(Popups()[0]), 1, '$')
      ->mapnew((_, l) => l->substitute('\(\s*\[[^]]*\]\)*\s*$', '', '')->trim())
    var sorts = ['Sort entries (sv_SE)', 'Sort the selected entries']
    Same(menu, (sorts + action_titles)->mapnew((i, t) => $'{i + 1}. {t}'), 'the menu')
    # The tenth line: a number picks one of the first nine only, so down nine lines and Enter.
    feedkeys(repeat('j', 9) .. "\<CR>", 'xt')
    WaitFor('the menu to close', () => Popups()->empty())
    CheckJump(answers_before, [3, 1])
  })

  # The regexp form: the literal one (:LspCodeAction Go to Ö) compares the title's first len(query) characters with
  # the query's len(query) bytes, so it matches no title when the query has a letter of more than one byte.
  Test(':LspCodeAction /^Go to Ö jumps with no menu', () => {
    cursor(3, 1)
    var answers_before = CommandAnswers()->len()
    LspCodeAction /^Go to Ö
    CheckJump(answers_before, [3, 1])
    Same(Popups(), [], 'menus')
  })

  Test(':LspCodeLens lists the letters and typing 8 jumps to Ö', () => {
    cursor(2, 1)
    var answers_before = CommandAnswers()->len()
    var lenses_before = Messages()->filter((_, m) => m->get('method', '') == 'textDocument/codeLens')->len()
    # The answer to inputlist(), waiting in the typeahead until yegappan/lsp asks.
    feedkeys("8\<CR>", 't')
    LspCodeLens
    WaitFor('a textDocument/codeLens request',
      () => Messages()->filter((_, m) => m->get('method', '') == 'textDocument/codeLens')->len() > lenses_before)
    CheckJump(answers_before, [2, 1])
    var lenses = Messages()->filter((_, m) => type(m->get('result', null)) == v:t_list && !m.result->empty()
      && type(m.result[0]) == v:t_dict && m.result[0]->has_key('range') && m.result[0]->has_key('command'))
    Same(lenses[-1].result->mapnew((_, l) => l.command.title), titles, 'the lenses')
  })

  Out($'{label}: {passed} passed, {failed} failed')
  ch_logfile('')
  if failed == 0
    qall!
  else
    cquit 1
  endif
enddef
if v:vim_did_enter
  timer_start(0, Run)
else
  autocmd VimEnter * ++once timer_start(0, Run)
endif
