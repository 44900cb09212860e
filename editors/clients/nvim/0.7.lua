-- Neovim 0.7: ThumbIndex through the built-in LSP client, with no plugin (init.lua).
local thumbindex = vim.lsp.start_client({
  name = 'thumbindex',
  cmd = { 'thumbindex' },
  init_options = { locale = 'sv_SE' },
  get_language_id = function(_, filetype) return filetype == 'text' and 'plaintext' or filetype end,
})
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'text', 'markdown' },
  callback = function(args) vim.lsp.buf_attach_client(args.buf, thumbindex) end,
})
