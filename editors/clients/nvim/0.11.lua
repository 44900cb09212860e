-- Neovim 0.11+: ThumbIndex through the built-in LSP client, with no plugin (init.lua).
vim.lsp.config('thumbindex', {
  cmd = { 'thumbindex' },
  filetypes = { 'text', 'markdown' },
  init_options = { locale = 'sv_SE' },
  get_language_id = function(_, filetype) return filetype == 'text' and 'plaintext' or filetype end,
})
vim.lsp.enable('thumbindex')
