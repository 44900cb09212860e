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

-- The Lua of the code examples (the lines between " >" and "<", tabs taken off) that follow the help
-- tag `tag` in doc/thumbindex.txt, up to the next tag; the repository stands for /path/to/thumbindex.
local function help_examples(tag)
  local lines, inside, found = {}, false, false
  for _, line in ipairs(vim.fn.readfile(H.root .. "/editors/nvim/doc/thumbindex.txt")) do
    if found and not inside and line:match("%*[%w._()-]+%*$") then
      break
    elseif line:find("*" .. tag .. "*", 1, true) then
      found = true
    elseif found and inside and line:match("^<") then
      inside = false
    elseif found and inside then
      table.insert(lines, (line:gsub("^\t", ""):gsub("/path/to/thumbindex", H.root)))
    elseif found and line:match(" >$") then
      inside = true
    end
  end
  H.ok(#lines > 0, "no example after *" .. tag .. "*")
  return lines
end

-- Runs tests/child/lsp_enable.lua in a Neovim of its own, with only Neovim's runtime on the runtime
-- path, the examples of help tag `tag` as its setup, in a project (a folder with .git, its working
-- directory) holding copies of the fixtures `files`. Returns what it saw, and the project folder.
local function run_child(tag, files)
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder .. "/.git", "p")
  local paths = {}
  for _, name in ipairs(files) do
    vim.fn.writefile(vim.fn.readfile(H.fixtures .. "/" .. name, "b"), folder .. "/" .. name, "b")
    table.insert(paths, folder .. "/" .. name)
  end
  local setup = vim.fn.tempname() .. ".lua"
  vim.fn.writefile(help_examples(tag), setup)
  -- cmd is { "thumbindex" }: the server under test is put on PATH under that name.
  local bin = vim.fn.tempname()
  vim.fn.mkdir(bin, "p")
  compat.uv.fs_symlink(vim.fn.exepath(S.bin), bin .. "/thumbindex")
  local out = vim.fn.tempname()
  local exited
  local job = vim.fn.jobstart({
    vim.v.progpath, "--headless", "-u", "NONE", "-i", "NONE", "--noplugin",
    "--cmd", "set rtp=$VIMRUNTIME",
    "-c", "luafile " .. vim.fn.fnameescape(H.root .. "/editors/nvim/tests/child/lsp_enable.lua"),
  }, {
    cwd = folder,
    env = {
      PATH = bin .. ":" .. os.getenv("PATH"),
      THUMBINDEX_CHILD_SETUP = setup,
      THUMBINDEX_CHILD_FILES = table.concat(paths, "\n"),
      THUMBINDEX_CHILD_OUT = out,
    },
    on_exit = function(_, code)
      exited = code
    end,
  })
  H.ok(job > 0, "the child Neovim started")
  H.wait_for(function()
    return exited ~= nil
  end, "the child Neovim to quit", 35000)
  H.eq(0, exited, "the child's exit status")
  local result = vim.json.decode(table.concat(vim.fn.readfile(out), "\n"))
  H.eq(nil, result.error, "the child's error")
  H.eq({}, result.deprecated, "deprecated APIs the child used")
  H.eq(false, result.plugin_loaded, "no plugin code ran")
  H.eq(1, result.clients, "one server")
  H.eq(compat.uv.fs_realpath(folder), compat.uv.fs_realpath(result.root_dir), "the workspace folder")
  H.eq("sv_SE", result.initialization_options.thumbindex.locale, "the locale, given at initialize")
  -- Swedish: Å, Ä and Ö are sections of their own, after Z.
  H.eq("text", result.files[1].filetype, "Neovim's filetype of a .txt file")
  H.eq(snapshot_sections("names_sv"), symbol_sections(result.files[1].symbols), "documentSymbol's sections")
  return result
end

H.test(":help thumbindex-lsp-enable: vim.lsp.enable('thumbindex') and no plugin code: the sectioned outline", function()
  if vim.fn.has("nvim-0.11") == 0 then
    H.skip("vim.lsp.enable and lsp/*.lua configs need Neovim 0.11; this is " .. compat.nvim_version())
  end
  local result = run_child("thumbindex-lsp-enable", { "names.txt", "contacts.vcf" })
  H.eq(vim.env.VIMRUNTIME .. "," .. H.root .. "/editors/nvim", result.runtimepath, "the runtime path of the example")
  H.eq("sections", result.initialization_options.thumbindex.outline.grouping, "grouped in sections, from lsp/")
  -- The example's vim.filetype.add: a .vcf file gets the server too.
  H.eq("vcard", result.files[2].filetype, "the filetype of a .vcf file")
  H.eq({ { "B", { "Östen Berg" } }, { "S", { "Anna Svensson" } } }, symbol_sections(result.files[2].symbols),
    "the cards, by family name")
end, { timeout = 40000 })

H.test(":help thumbindex-lsp-start: vim.lsp.start (0.8 to 0.10) with no plugin code, the sectioned outline", function()
  if not vim.lsp.start then
    H.skip("vim.lsp.start needs Neovim 0.8; this is " .. compat.nvim_version())
  end
  local result = run_child("thumbindex-lsp-start", { "names.txt" })
  H.eq(vim.env.VIMRUNTIME, result.runtimepath, "Neovim's runtime alone")
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
