vim9script
# With vimrc: runs ThumbIndex's jump command in Vim and moves the cursor to the Location it answers.
import autoload 'lsp/lsp.vim'
g:LspRegisterCmdHandler('thumbindex.jump', (command: dict<any>) => {
  var reply = lsp.Server().rpc('workspace/executeCommand',
    {command: command.command, arguments: command.arguments})
  var location = reply->get('result', null)
  if type(location) == v:t_dict
    normal! m'
    setcursorcharpos(location.range.start.line + 1, location.range.start.character + 1)
  endif
})
