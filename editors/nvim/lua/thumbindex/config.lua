-- The options of the plugin: a commented table of defaults, merged with what `setup()` is given.
local M = {}

-- stylua: ignore start
M.defaults = {
  -- The command that starts the language server: the program, then its arguments.
  cmd = { "thumbindex" },

  -- The workspace folder: the server reads its files for :ThumbIndexWorkspace and workspace/symbol.
  -- Default (vim.NIL): the current directory when the server first starts.
  root_dir = vim.NIL,

  -- Start the server and attach it to buffers of `filetypes` as they are opened.
  -- (Without it, `:ThumbIndexOutline` still starts the server for the buffer it is run in.)
  autostart = true,

  -- The filetypes the server is attached to: every format the server reads.
  filetypes = { "text", "markdown", "csv", "tsv", "vcard", "strings", "xcstrings", "json", "yaml" },

  -- The filetype a buffer is taken to have when its 'filetype' is empty, by its file's extension
  -- (lower case): Neovim 0.7 has no filetype for .csv, .tsv, .vcf, .strings or .xcstrings. The
  -- buffer's 'filetype' is left as it is; a filetype set by the user or another plugin wins.
  extensions = {
    txt = "text", text = "text",
    md = "markdown", markdown = "markdown", mdown = "markdown", mkd = "markdown", mkdn = "markdown",
    csv = "csv",
    tsv = "tsv", tab = "tsv",
    vcf = "vcard", vcard = "vcard",
    strings = "strings",
    xcstrings = "xcstrings",
    json = "json", geojson = "json", webmanifest = "json",
    yaml = "yaml", yml = "yaml",
  },

  -- The LSP languageId sent for a filetype, where it differs from the filetype's name.
  -- The server knows plaintext, markdown, csv, tsv, vcard, strings, xcstrings, json, yaml and
  -- (with Universal Ctags installed) source languages.
  language_ids = {
    text = "plaintext",
    vcf = "vcard",
  },

  -- The server's settings, sent as initializationOptions under "thumbindex" (and again when setup()
  -- is called while it runs): every setting of Protocol/schemas/settings.json, under its name there,
  -- and no other (tests/test_settings.lua checks). vim.NIL leaves a setting to the server: it is not
  -- sent. See :help thumbindex-settings. Everything outside `settings` is the plugin's own.
  settings = {
    locale = vim.NIL,            -- how to sort and section, e.g. "sv_SE"; default: LC_ALL, LC_COLLATE or LANG
    style = "apple",             -- "apple" (A–Z, the locale's letters, #) or "icu" (ICU's buckets)
    outline = {
      grouping = "sections",     -- textDocument/documentSymbol: "sections", "sorted" or "document"
    },
    numeric = vim.NIL,           -- true: "File 9" before "File 10"; default: the locale's (off)
    caseFirst = vim.NIL,         -- "off", "lower" or "upper"; default: the locale's
    readings = "auto",           -- ja: "auto" sorts names in kanji by their MeCab readings; "off": under #
    names = "auto",              -- zh pinyin/zhuyin: which entries are people's names, filed by surname
                                 -- (曾国藩 under Z): "auto" (vCard, CSV of people), "on" (every line), "off"
    index = {
      includeSearch = false,     -- start the thumb index with the {search} entry
      maxTitles = vim.NIL,       -- condense the thumb index to at most this many titles (e.g. 20)
    },
    csv = {
      column = vim.NIL,          -- csv/tsv: the column naming a row, 0-based or a header name; default: the first
      readingColumns = vim.NIL,  -- csv/tsv: the columns of a name's reading (furigana, pinyin), 0-based or header
                                 -- names, e.g. { "Yomi Name" }; default: those whose header titles say so
    },
    vcard = {
      familyNameFirst = true,    -- collate people by "family given" (false: "given family")
    },
    localization = {
      tables = {},               -- .strings/.xcstrings tables: keys show and sort by their localized values
    },
    ctags = {
      path = vim.NIL,            -- the Universal Ctags program, for source files; default: ctags on PATH
    },
    workspace = {
      index = true,              -- read the files of the workspace folder (root_dir), at the server's start
      languages = vim.NIL,       -- the formats read, by languageId, e.g. { "markdown", "vcard", "python" };
                                 -- default: contacts, Markdown, tables, localization tables, plain text
    },
  },

  outline = {
    position = "right",          -- where the outline window opens: "right" or "left"
    width = 36,                  -- its width in columns (the thumb index column comes on top)
    focus = true,                -- move the cursor into the outline when it opens
    thumb_index = true,          -- show the thumb index in a narrow window at the outline's right edge
    letter_keys = "thumb",       -- where typing an index title's letter jumps to its section: "thumb"
                                 -- (the thumb index window), "outline" (there too: takes G, N, V, H, M,
                                 -- L... from the outline window), "none"; f{char} works everywhere
    follow_buffer = true,        -- show the outline of the buffer the cursor goes to (one per tab page)
    follow_cursor = true,        -- highlight and show the entry under the cursor in the source window
    search_title = "⌕",          -- how the thumb index draws the {search} title (index.includeSearch)
    update_delay = 300,          -- ms after the last edit before the outline asks for new sections
    placeholder = "…",           -- what a row shows until its page of entries has arrived
    keymaps = {
      jump = "<CR>",             -- go to the entry under the cursor
      find = "f",                -- f{char}: jump to the section of {char}
      refresh = "<C-r>",         -- ask the server again
      close = "q",
    },
  },

  -- Fluent pagination: the outline is laid out at once with placeholders, then filled page by page.
  paging = {
    page_size = 200,             -- entries per thumbindex/entries request
    preload = 1,                 -- pages fetched beyond the visible ones; pending pages farther
                                 -- than this from the view are cancelled
  },
}
-- stylua: ignore end

-- What each option may be. A string names a type ("?" = may be vim.NIL; "number|string" = either);
-- a list is an enum (`optional = true`: or vim.NIL); a table with `fields` is a nested table; `map`
-- tables take any keys. The rules of `settings` follow Protocol/schemas/settings.json
-- (tests/test_settings.lua checks them against it).
M.rules = {
  cmd = "list",
  root_dir = "string?",
  autostart = "boolean",
  filetypes = "list",
  extensions = "map",
  language_ids = "map",
  settings = {
    fields = {
      locale = "string?",
      style = { "apple", "icu", optional = true },
      outline = { fields = { grouping = { "sections", "sorted", "document", optional = true } } },
      numeric = "boolean?",
      caseFirst = { "off", "lower", "upper", optional = true },
      readings = { "auto", "off", optional = true },
      names = { "auto", "on", "off", optional = true },
      index = { fields = { includeSearch = "boolean?", maxTitles = "number?" } },
      csv = { fields = { column = "number|string?", readingColumns = "list?" } },
      vcard = { fields = { familyNameFirst = "boolean?" } },
      localization = { fields = { tables = "list?" } },
      ctags = { fields = { path = "string?" } },
      workspace = { fields = { index = "boolean?", languages = "list?" } },
    },
  },
  outline = {
    fields = {
      position = { "right", "left" },
      width = "number",
      focus = "boolean",
      thumb_index = "boolean",
      letter_keys = { "thumb", "outline", "none" },
      follow_buffer = "boolean",
      follow_cursor = "boolean",
      search_title = "string",
      update_delay = "number",
      placeholder = "string",
      keymaps = "map",
    },
  },
  paging = { fields = { page_size = "number", preload = "number" } },
}

-- Looked up once: a name missing from `vim` (islist before 0.10) goes through Neovim's lazy loader,
-- which runs vim.startswith and its vim.validate on every lookup, and LuaJIT has been seen to corrupt
-- that validate's table once it runs hot (a CI run failed on "opt[table]: expected table").
local is_list = rawget(vim, "islist") or vim.tbl_islist
M.is_list = is_list

--- Whether list `list` holds `value` (vim.tbl_contains without its vim.validate, see is_list).
function M.contains(list, value)
  for _, item in ipairs(list) do
    if item == value then
      return true
    end
  end
  return false
end

-- A deep copy that keeps vim.NIL (vim.deepcopy of Neovim 0.7 cannot copy it).
local function copy(value)
  if type(value) ~= "table" then
    return value
  end
  local result = {}
  for key, item in pairs(value) do
    result[key] = copy(item)
  end
  return setmetatable(result, getmetatable(value))
end

--- Merges `override` into `base`: tables with keys are merged key by key, lists and other values
--- replace (so `filetypes = { "text" }` means only text). An empty table replaces a list and
--- changes nothing in a table with keys (so `setup({})` keeps every default).
local function merge(base, override)
  local replaces = type(override) ~= "table" or is_list(override) and next(override) ~= nil
  if type(base) ~= "table" or replaces or is_list(base) and next(base) then
    return copy(override)
  end
  local result = copy(base)
  for key, value in pairs(override) do
    result[key] = merge(base[key], value)
  end
  return result
end

local function show(value)
  return type(value) == "string" and string.format("%q", value) or vim.inspect(value)
end

-- Whether `value` is of a kind that a string rule names ("number|string?").
local function of_kind(rule, value)
  local kinds, optional = rule:gsub("%?$", "")
  if optional > 0 and value == vim.NIL then
    return true
  end
  for kind in kinds:gmatch("[^|]+") do
    if
      (kind == "list" and type(value) == "table" and is_list(value))
      or (kind == "map" and type(value) == "table")
      or type(value) == kind
    then
      return true
    end
  end
  return false
end

-- What to tell about an unknown option `key` at `path` ("" or "settings.csv."...), where the
-- options are `spec`: the known ones, and where server settings go when one is given outside.
local function unknown(path, key, spec)
  local known = vim.tbl_keys(spec)
  table.sort(known)
  local hint = string.format("; the options here are %s", table.concat(known, ", "))
  if path == "" and (M.rules.settings.fields[key] or key == "thumbindex" or key == "init_options") then
    hint = string.format("; server settings go under settings, e.g. settings = { %s = ... }", key)
  end
  return string.format("unknown option %s%s (ignored%s)", path, key, hint)
end

-- Checks `options` against `spec` and puts the default back where a value is wrong.
-- Returns the problems found, as sentences.
local function check(options, defaults, spec, path, problems)
  for key, value in pairs(options) do
    local where = path .. key
    local rule = spec[key]
    if rule == nil then
      table.insert(problems, unknown(path, tostring(key), spec))
      options[key] = nil
    elseif type(rule) == "string" then
      if not of_kind(rule, value) then
        local kinds = rule:gsub("%?$", ""):gsub("|", " or ")
        table.insert(problems, string.format("%s must be a %s, got %s", where, kinds, show(value)))
        options[key] = copy(defaults and defaults[key])
      end
    elseif rule.fields then
      if type(value) ~= "table" then
        table.insert(problems, string.format("%s must be a table, got %s", where, show(value)))
        options[key] = copy(defaults and defaults[key])
      else
        check(value, defaults and defaults[key], rule.fields, where .. ".", problems)
      end
    elseif not (M.contains(rule, value) or rule.optional and value == vim.NIL) then
      local fallback = defaults and defaults[key]
      table.insert(
        problems,
        string.format(
          "%s must be one of %s, got %s%s",
          where,
          table.concat(rule, ", "),
          show(value),
          fallback ~= nil and ("; using " .. show(fallback)) or ""
        )
      )
      options[key] = copy(fallback)
    end
  end
end

-- The keys of a table in a fixed order (numbers and strings alike), so that problems are reported
-- the same way every time.
local function sorted_keys(tree)
  local keys = vim.tbl_keys(tree)
  table.sort(keys, function(a, b)
    return tostring(a) < tostring(b)
  end)
  return keys
end

--- The `settings` option in its nested form. Protocol/README.md lets the server be given a setting
--- nested (csv = { column = "city" }), dotted (["csv.column"] = "city"), with the prefix
--- (["thumbindex.csv.column"]), under a "thumbindex" table, and `grouping` bare; so does the plugin,
--- and all of them become the nested form here, which the rules check and which is sent. A setting
--- given twice with different values is reported; the one given later in that order wins.
function M.nest_settings(settings, problems)
  if type(settings) ~= "table" or is_list(settings) and next(settings) then
    return settings
  end
  local result, spelt = {}, {}
  local function put(parts, value, spelling)
    local node = result
    for i = 1, #parts - 1 do
      if type(node[parts[i]]) ~= "table" then
        node[parts[i]] = {}
      end
      node = node[parts[i]]
    end
    local last, key = parts[#parts], table.concat(parts, ".")
    local old = node[last]
    if type(old) == "table" and type(value) == "table" and next(value) == nil then
      return -- an empty group changes nothing that was given
    elseif old ~= nil and not (type(old) == "table" and type(value) == "table") and not vim.deep_equal(old, value) then
      local message = "settings.%s is given twice, as %s and as %s; using %s"
      table.insert(problems, string.format(message, key, spelt[key], spelling, show(value)))
    end
    node[last] = value
    spelt[key] = spelling
  end
  local function walk(tree, prefix, spelling)
    for _, key in ipairs(sorted_keys(tree)) do
      local value, name = tree[key], tostring(key)
      local parts = vim.list_extend(vim.deepcopy(prefix), vim.split(name, ".", { plain = true }))
      if #prefix == 0 and parts[1] == "thumbindex" then
        table.remove(parts, 1) -- "thumbindex.locale", or a "thumbindex" table
      elseif #prefix == 0 and #parts == 1 and name == "grouping" then
        parts = { "outline", "grouping" } -- the bare form the server takes for outline.grouping
      end
      local here = spelling .. (spelling == "" and "" or ".") .. name
      if type(value) == "table" and not (is_list(value) and next(value)) and getmetatable(value) == nil then
        if #parts == 0 or next(value) then
          walk(value, parts, here)
        else
          put(parts, value, here) -- an empty table: a list (localization.tables) or nothing to set
        end
      elseif #parts == 0 then
        put({ "thumbindex" }, value, here) -- not a table: the rules will say so
      else
        put(parts, value, here)
      end
    end
  end
  walk(settings, {}, "")
  return result
end

M.options = copy(M.defaults)

--- Merges `user` over the defaults, checks the result and makes it the current options.
--- Problems are reported with vim.notify and returned.
function M.setup(user)
  user = user or {}
  local problems = {}
  if type(user) ~= "table" then
    problems = { "setup() takes a table, got " .. show(user) }
    user = {}
  end
  if type(user.settings) == "table" then
    user = vim.tbl_extend("force", {}, user, { settings = M.nest_settings(user.settings, problems) })
  end
  local options = merge(M.defaults, user)
  -- letter_keys was a boolean before it said where: true was the outline (and the thumb index).
  if type(options.outline) == "table" and type(options.outline.letter_keys) == "boolean" then
    options.outline.letter_keys = options.outline.letter_keys and "outline" or "none"
  end
  check(options, M.defaults, M.rules, "", problems)
  M.options = options
  if #problems > 0 then
    vim.notify("thumbindex: " .. table.concat(problems, "\n"), vim.log.levels.WARN)
  end
  return problems
end

function M.get()
  return M.options
end

--- The server settings as they are sent (nested, as Protocol/schemas/settings.json has them): the
--- `settings` option without the settings left to the server (vim.NIL) and the groups left empty.
function M.server_settings()
  local function strip(value)
    if type(value) ~= "table" or is_list(value) then
      return copy(value)
    end
    local result = {}
    for key, item in pairs(value) do
      if item ~= vim.NIL then
        result[key] = strip(item)
      end
    end
    return next(result) and result or nil
  end
  return strip(M.options.settings) or vim.empty_dict()
end

--- The languageId the server is told for a filetype.
function M.language_id(filetype)
  return M.options.language_ids[filetype] or filetype
end

return M
