-- ThumbIndex for Neovim 0.11's own LSP client, with no plugin code: with this folder's parent
-- (editors/nvim) on the runtime path,
--
--   vim.lsp.enable("thumbindex")
--
-- starts the server for the buffers of these filetypes, and the symbol pickers get the outline in
-- sections (a symbol per index title, the entries inside). Change any field with vim.lsp.config:
--
--   vim.lsp.config("thumbindex", { cmd = { "/path/to/thumbindex" }, settings = { thumbindex = { locale = "sv_SE" } } })
--
-- The plugin (require("thumbindex").setup()) adds the outline window, the thumb index and the letter
-- jumps; it starts the server itself and does not need this file. tests/test_lsp_config.lua checks
-- that these values are the plugin's defaults.
return {
  cmd = { "thumbindex" },
  -- Every format the server reads. Neovim 0.11 gives no filetype to .vcf, .strings and .xcstrings:
  -- vim.filetype.add({ extension = { vcf = "vcard", strings = "strings", xcstrings = "xcstrings" } })
  filetypes = { "text", "markdown", "csv", "tsv", "vcard", "strings", "xcstrings", "json", "yaml" },
  -- The workspace folder, read for workspace/symbol and the workspace thumb index: the repository
  -- around the file. A file in none gets a server with no workspace folder (its outline is the same).
  root_markers = { ".git" },
  -- Neovim's "text" is the server's "plaintext" (the server takes both; the plugin sends this one).
  get_language_id = function(_, filetype)
    return filetype == "text" and "plaintext" or filetype
  end,
  -- The server settings (Protocol/README.md, "Settings"), nested under "thumbindex"; those not given
  -- are the server's defaults. "sections" is what makes documentSymbol a thumb index.
  settings = {
    thumbindex = {
      style = "apple",
      outline = { grouping = "sections" },
    },
  },
  -- Neovim sends `settings` only once the server is initialized (workspace/didChangeConfiguration),
  -- but the server takes its locale and reads the workspace at initialize: they go in
  -- initializationOptions too, as the plugin sends them.
  before_init = function(params, config)
    if config.settings and next(config.settings) then
      params.initializationOptions = vim.tbl_deep_extend("force", config.settings, params.initializationOptions or {})
    end
  end,
}
