-- lsp/thumbindex.lua: Neovim 0.11's vim.lsp.enable("thumbindex") with no plugin code, tried in a
-- Neovim of its own; and its values kept the plugin's.
local H = require("harness")
local S = require("support")
local compat = require("thumbindex.compat")

-- The outline of a snapshot (the plugin's outline window: a title line, then its entries indented),
-- as { title, { entries } } pairs.
local function snapshot_sections(name)
  local sections = {}
  for _, line in ipairs(vim.fn.readfile(H.snapshots .. "/" .. name .. ".txt")) do
    if line:match("^  ") then
      table.insert(sections[#sections][2], H.trim(line))
    elseif line ~= "" then
      table.insert(sections, { line, {} })
    end
  end
  return sections
end

-- documentSymbol's sectioned outline in the same shape.
local function symbol_sections(symbols)
  local sections = {}
  for _, symbol in ipairs(symbols) do
    local entries = {}
    for _, child in ipairs(symbol.children or {}) do
      table.insert(entries, child.name)
    end
    table.insert(sections, { symbol.name, entries })
  end
  return sections
end

H.test("vim.lsp.enable('thumbindex') alone, with editors/nvim on the runtime path: the sectioned outline", function()
  if vim.fn.has("nvim-0.11") == 0 then
    H.skip("vim.lsp.enable and lsp/*.lua configs need Neovim 0.11; this is " .. compat.nvim_version())
  end
  -- A project (root marker .git) holding a copy of the fixture.
  local path = H.copy_fixture("names.txt")
  local folder = vim.fn.fnamemodify(path, ":h")
  vim.fn.mkdir(folder .. "/.git", "p")
  -- cmd is { "thumbindex" }: the server under test is put on PATH under that name.
  local bin = vim.fn.tempname()
  vim.fn.mkdir(bin, "p")
  compat.uv.fs_symlink(vim.fn.exepath(S.bin), bin .. "/thumbindex")
  local out = vim.fn.tempname()
  local exited
  local job = vim.fn.jobstart({
    vim.v.progpath, "--headless", "-u", "NONE", "-i", "NONE", "--noplugin",
    -- Only Neovim's own runtime and this folder: no user configuration or site folder can help.
    "--cmd", "set rtp=" .. vim.fn.fnameescape(H.root .. "/editors/nvim") .. ",$VIMRUNTIME",
    "-c", "luafile " .. vim.fn.fnameescape(H.root .. "/editors/nvim/tests/child/lsp_enable.lua"),
  }, {
    env = { PATH = bin .. ":" .. os.getenv("PATH"), THUMBINDEX_CHILD_FILE = path, THUMBINDEX_CHILD_OUT = out },
    on_exit = function(_, code)
      exited = code
    end,
  })
  H.ok(job > 0, "the child Neovim started")
  H.wait_for(function()
    return exited ~= nil
  end, "the child Neovim to quit", 30000)
  H.eq(0, exited, "the child's exit status")
  local result = vim.json.decode(table.concat(vim.fn.readfile(out), "\n"))
  H.eq(nil, result.error, "the child's error")
  H.eq({}, result.deprecated, "deprecated APIs the child used")
  H.eq(false, result.plugin_loaded, "no plugin code ran")
  H.eq(H.root .. "/editors/nvim," .. vim.env.VIMRUNTIME, result.runtimepath, "the runtime path")
  H.eq("text", result.filetype, "Neovim's filetype of a .txt file")
  H.eq(compat.uv.fs_realpath(folder), compat.uv.fs_realpath(result.root_dir), "the workspace folder: the one with .git")
  H.eq("sv_SE", result.initialization_options.thumbindex.locale, "the settings, given at initialize")
  H.eq("sections", result.initialization_options.thumbindex.outline.grouping, "grouped in sections")
  -- Swedish: Å, Ä and Ö are sections of their own, after Z.
  H.eq(snapshot_sections("names_sv"), symbol_sections(result.symbols), "documentSymbol's sections and entries")
end, { timeout = 40000 })

H.test("lsp/thumbindex.lua has the plugin's command, filetypes, languageIds and settings", function()
  local file = H.root .. "/editors/nvim/lsp/thumbindex.lua"
  local lsp_config = dofile(file)
  local config = require("thumbindex.config")
  H.eq(config.defaults.cmd, lsp_config.cmd, "cmd")
  H.eq(config.defaults.filetypes, lsp_config.filetypes, "filetypes")
  for _, filetype in ipairs(lsp_config.filetypes) do
    local expected = config.defaults.language_ids[filetype] or filetype
    H.eq(expected, lsp_config.get_language_id(0, filetype), "the languageId of " .. filetype)
  end
  -- Every setting given there is the plugin's default, and grouping is one of them.
  local defaults = config.defaults.settings
  local function check(given, default, path)
    for key, value in pairs(given) do
      if type(value) == "table" then
        check(value, default[key], path .. key .. ".")
      else
        H.eq(default[key], value, "setting " .. path .. key)
      end
    end
  end
  check(lsp_config.settings.thumbindex, defaults, "")
  H.eq("sections", lsp_config.settings.thumbindex.outline.grouping, "outline.grouping")
  -- before_init: the settings go in initializationOptions; init_options given by the user win.
  local params = { initializationOptions = { thumbindex = { style = "icu" } } }
  lsp_config.before_init(params, { settings = { thumbindex = { style = "apple", locale = "sv_SE" } } })
  H.eq({ thumbindex = { style = "icu", locale = "sv_SE" } }, params.initializationOptions, "initializationOptions")
end)
