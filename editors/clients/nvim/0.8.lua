-- Neovim 0.8 to 0.10 (and later): ThumbIndex through the built-in LSP client, with no plugin (init.lua).
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'text', 'markdown' },
  callback = function(args)
    vim.lsp.start({
      name = 'thumbindex',
      cmd = { 'thumbindex' },
      init_options = { locale = 'sv_SE' },
      get_language_id = function(_, filetype) return filetype == 'text' and 'plaintext' or filetype end,
      root_dir = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)),
    })
  end,
})
