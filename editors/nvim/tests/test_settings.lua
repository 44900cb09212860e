-- The server settings come from one source, Protocol/schemas/settings.json: the plugin's settings
-- (defaults and rules in config.lua), what it sends, and the documentation are checked against it.
--
-- The mapping rule, the one place it is written: a setting's key in the schema (dotted, the path
-- under "thumbindex") is the same path under the plugin's `settings` option, "thumbindex." .. key in
-- the READMEs' tables, and the key itself in the help file. Everything outside `settings` is the
-- plugin's own (no server counterpart), so it is not compared.
local H = require("harness")
local S = require("support")

local SCHEMA = "Protocol/schemas/settings.json"

local names = {
  plugin = function(key)
    return "settings." .. key
  end,
  readme = function(key)
    return "thumbindex." .. key
  end,
  help = function(key)
    return key
  end,
}

local function read(path)
  return vim.fn.readfile(H.root .. "/" .. path)
end

-- The settings of the schema, key → its schema: the leaves of the nested properties under
-- "thumbindex" (a property with properties of its own is a group of settings).
local function schema_settings()
  local schema = vim.json.decode(table.concat(read(SCHEMA), "\n"))
  local settings = {}
  local function walk(node, prefix)
    for name, child in pairs(node.properties) do
      if child.properties then
        walk(child, prefix .. name .. ".")
      else
        settings[prefix .. name] = child
      end
    end
  end
  walk(schema.properties.thumbindex, "")
  return settings
end

local function sorted_keys(set)
  local keys = vim.tbl_keys(set)
  table.sort(keys)
  return keys
end

-- Fails, naming each setting, when `found` (key → anything, keys as the schema names them) has
-- a setting the schema has not, or lacks one it has. `where` says what was read, `name` how the
-- setting is spelt there.
local function compare(found, where, name)
  local expected = schema_settings()
  local problems = {}
  for _, key in ipairs(sorted_keys(expected)) do
    if found[key] == nil then
      table.insert(problems, string.format("%s has no %s (the setting %s of %s)", where, name(key), key, SCHEMA))
    end
  end
  for _, key in ipairs(sorted_keys(found)) do
    if expected[key] == nil then
      table.insert(problems, string.format("%s has %s, which is not a setting of %s", where, name(key), SCHEMA))
    end
  end
  if #problems > 0 then
    H.fail(table.concat(problems, "\n"), 2)
  end
end

-- The leaves of a nested table of settings, key (dotted) → value. `is_group(value)` tells a group.
local function leaves(tree, is_group, prefix, found)
  found = found or {}
  for name, value in pairs(tree) do
    if is_group(value) then
      leaves(value.fields or value, is_group, (prefix or "") .. name .. ".", found)
    else
      found[(prefix or "") .. name] = value
    end
  end
  return found
end

local function default_leaves()
  return leaves(require("thumbindex.config").defaults.settings, function(value)
    return type(value) == "table" and not require("thumbindex.config").is_list(value)
  end)
end

local function rule_leaves()
  return leaves(require("thumbindex.config").rules.settings.fields, function(rule)
    return type(rule) == "table" and rule.fields ~= nil
  end)
end

-- The schema's types of a setting, without null, as config.lua's rules name them; and whether
-- null is allowed.
local function schema_kinds(schema)
  local kinds, nullable = {}, false
  local types = type(schema.type) == "table" and schema.type or { schema.type }
  local lua = { integer = "number", number = "number", string = "string", boolean = "boolean", array = "list" }
  for _, kind in ipairs(types) do
    if kind == "null" then
      nullable = true
    else
      kinds[lua[kind] or kind] = true
    end
  end
  return kinds, nullable
end

-- The default a schema's description ends with ("... Default: true."), decoded when it is a JSON
-- value; nil when it is words ("Default: the locale's.").
local function schema_default(schema)
  local text = (schema.description or ""):match("Default: (.-)%.?$")
  local ok, value = pcall(vim.json.decode, text or "")
  if ok then
    return true, value
  end
  return false, text
end

H.test("setup() and setup({}) keep every default", function()
  local config = require("thumbindex.config")
  H.eq({}, config.setup(), "problems")
  H.ok(vim.deep_equal(config.defaults, config.get()), "setup(): the defaults, got " .. vim.inspect(config.get()))
  H.eq({}, config.setup({ settings = {}, outline = {} }), "problems")
  H.ok(vim.deep_equal(config.defaults, config.get()), "setup({}): the defaults, got " .. vim.inspect(config.get()))
  S.setup()
end)

-- A name missing from `vim` goes through Neovim's lazy loader, which runs vim.startswith and its
-- vim.validate; run hot, LuaJIT corrupted that validate's table once in CI ("opt[table]: expected
-- table, got userdata" from S.restart_server), so the plugin looks such names up once, at load.
-- (A module's first use, as vim.lsp's, is a lookup there too, once: then it is kept in `vim`.)
H.test("settings and an outline look up no name missing from vim twice", function()
  local mt = getmetatable(vim)
  local loader = mt.__index
  local seen, missed = {}, {}
  mt.__index = function(t, key)
    local caller = debug.getinfo(2, "Sl")
    if seen[key] and caller.short_src:find("thumbindex", 1, true) then
      table.insert(missed, string.format("%s at %s:%d", tostring(key), caller.short_src, caller.currentline))
    end
    seen[key] = true
    return loader(t, key)
  end
  local ok, err = pcall(function()
    S.setup({ settings = { csv = { column = "name" }, vcard = { familyNameFirst = true } } })
    local buf = S.edit("contacts.vcf")
    S.wait_attached(buf)
    S.open_outline()
  end)
  mt.__index = loader
  H.ok(ok, err)
  H.eq({}, missed, "names looked up through Neovim's loader")
end)

H.test("settings: config.lua's defaults and rules have every setting of the schema, and no other", function()
  compare(default_leaves(), "the defaults table (config.lua, defaults.settings)", names.plugin)
  compare(rule_leaves(), "the rules table (config.lua, rules.settings)", names.plugin)
end)

H.test("settings: config.lua's rules allow what the schema allows", function()
  local problems = {}
  local rules = rule_leaves()
  for key, schema in pairs(schema_settings()) do
    local rule = rules[key]
    local kinds, nullable = schema_kinds(schema)
    local wanted, got
    if schema.enum then
      local values = vim.tbl_filter(function(value)
        return value ~= vim.NIL
      end, schema.enum)
      wanted = string.format("one of %s%s", table.concat(values, ", "), nullable and ", or vim.NIL" or "")
      if type(rule) == "table" then
        got = string.format("one of %s%s", table.concat(rule, ", "), rule.optional and ", or vim.NIL" or "")
      end
    else
      wanted = table.concat(sorted_keys(kinds), "|") .. (nullable and "?" or "")
      if type(rule) == "string" then
        local plain, optional = rule:gsub("%?$", "")
        local set = {}
        for kind in plain:gmatch("[^|]+") do
          set[kind] = true
        end
        got = table.concat(sorted_keys(set), "|") .. (optional > 0 and "?" or "")
      end
    end
    if wanted ~= got then
      local message = "%s: the schema allows %s; config.lua's rule is %s"
      local shown = rule == nil and "missing" or vim.inspect(rule)
      table.insert(problems, string.format(message, names.plugin(key), wanted, shown))
    end
  end
  table.sort(problems)
  H.eq({}, problems, "rules that differ from " .. SCHEMA)
end)

H.test("settings: config.lua's defaults are the schema's (or vim.NIL: left to the server)", function()
  local problems = {}
  for key, value in pairs(default_leaves()) do
    local schema = schema_settings()[key]
    if schema and value ~= vim.NIL then
      local fixed, default = schema_default(schema)
      if not fixed then
        local message = "%s: config.lua's default is %s, but the schema's is %q (leave it to the server: vim.NIL)"
        table.insert(problems, string.format(message, names.plugin(key), vim.inspect(value), tostring(default)))
      elseif not vim.deep_equal(default, value) then
        local message = "%s: config.lua's default is %s, the schema's %s"
        table.insert(problems, string.format(message, names.plugin(key), vim.inspect(value), vim.inspect(default)))
      end
    end
  end
  table.sort(problems)
  H.eq({}, problems, "defaults that differ from " .. SCHEMA)
end)

-- A value of each setting that is not its default: the last choice, a number, a string, a list.
local function sample(schema)
  if schema.enum then
    return schema.enum[#schema.enum] ~= vim.NIL and schema.enum[#schema.enum] or schema.enum[#schema.enum - 1]
  end
  local kinds = schema_kinds(schema)
  if kinds.string then
    return "sample"
  elseif kinds.number then
    return 7
  elseif kinds.boolean then
    local fixed, default = schema_default(schema)
    return not (fixed and default == true)
  elseif kinds.list then
    return { "Localizable.strings" }
  end
  error("no sample for " .. vim.inspect(schema))
end

local function at(tree, key)
  for part in key:gmatch("[^.]+") do
    if type(tree) ~= "table" then
      return nil
    end
    tree = tree[part]
  end
  return tree
end

H.test("settings: every setting of the schema is accepted and sent nested, as the server reads it", function()
  local config = require("thumbindex.config")
  local client = require("thumbindex.client")
  local given = {}
  for key, schema in pairs(schema_settings()) do
    local node = given
    local parts = vim.split(key, ".", { plain = true })
    for i = 1, #parts - 1 do
      node[parts[i]] = node[parts[i]] or {}
      node = node[parts[i]]
    end
    node[parts[#parts]] = sample(schema)
  end
  H.eq({}, config.setup({ settings = given }), "problems with " .. vim.inspect(given))
  local sent = client.init_options()
  for key in pairs(schema_settings()) do
    H.eq(at(given, key), at(sent.thumbindex, key), "thumbindex." .. key .. " in the initializationOptions")
  end
  -- Left to the server (vim.NIL): not sent at all.
  config.setup({})
  sent = client.init_options().thumbindex
  for key, value in pairs(default_leaves()) do
    if value == vim.NIL then
      H.eq(nil, at(sent, key), "thumbindex." .. key .. " is left to the server, so not sent")
    else
      H.eq(value, at(sent, key), "thumbindex." .. key .. " is sent with its default")
    end
  end
  S.setup()
end)

-- The lines of `path` from the first that matches `first` to the one before the next that
-- matches `stop`.
local function section(path, first, stop)
  local lines, inside = {}, false
  for _, line in ipairs(read(path)) do
    if inside and line:match(stop) then
      break
    end
    inside = inside or line:match(first) ~= nil
    if inside then
      table.insert(lines, line)
    end
  end
  H.ok(#lines > 0, string.format("%s has a section that starts with %q", path, first))
  return lines
end

-- The settings named by the first cell of a Markdown table: | `thumbindex.key` | ... |
local function table_settings(lines)
  local found = {}
  for _, line in ipairs(lines) do
    local key = line:match("^| `thumbindex%.([%w.]+)` |")
    if key then
      found[key] = true
    end
  end
  return found
end

H.test("settings: the documentation has every setting of the schema, and no other", function()
  local protocol = section("Protocol/README.md", "^## Settings$", "^## ")
  compare(table_settings(protocol), "the Settings table of Protocol/README.md", names.readme)
  local editors = section("editors/README.md", "^## Settings the server understands", "^## ")
  compare(table_settings(editors), "the settings table of editors/README.md", names.readme)
  -- The help file: in "Server settings", each setting starts a line, followed by a tab.
  local help = section("editors/nvim/doc/thumbindex.txt", "%*thumbindex%-settings%*$", "^====")
  local found = {}
  for _, line in ipairs(help) do
    local key = line:match("^([%a][%w.]*)\t")
    if key then
      found[key] = true
    end
  end
  compare(found, "the Server settings of editors/nvim/doc/thumbindex.txt", names.help)
end)

-- Settings given to the server in initializationOptions (a new server) and later with
-- workspace/didChangeConfiguration (setup() again) change the outline.

local function open(fixture)
  S.edit(fixture) -- Neovim 0.7 has no filetype for .csv or .vcf: the plugin goes by the extension
  local state = S.open_outline()
  S.wait_all_loaded(state)
  return state
end

-- The entry rows under the header `title`.
local function section_entries(state, title)
  local lines, row = S.lines(state), S.row_of(state, title)
  local entries = {}
  for i = (row or #lines) + 2, #lines do
    if not lines[i]:match("^  ") then
      break
    end
    table.insert(entries, vim.trim(lines[i]))
  end
  return entries
end

H.test("settings reach the server: csv.column names the rows", function()
  S.restart_server({ settings = { csv = { column = "city" } } })
  local state = open("people.csv")
  H.eq({ "Berlin" }, section_entries(state, "B"), "rows named by their city")
  H.eq({ "Åmål" }, section_entries(state, "Å"), "Å")
  H.eq(nil, S.row_of(state, "  Anna"), "no row named by its name")
  S.setup({ settings = { csv = { column = 0 } } })
  vim.cmd("ThumbIndexRefresh")
  H.wait_for(function()
    return S.row_of(state, "  Anna")
  end, "didChangeConfiguration: rows named by the first column")
  S.wait_all_loaded(state)
  H.eq({ "Anna" }, section_entries(state, "A"), "A")
  H.eq(nil, S.row_of(state, "  Berlin"), "no row named by its city")
  S.stop_servers()
end)

-- setup() again while the server is still starting (it answers initialize later): the server was
-- started with the settings of before, and gets those of now once it has started. Neovim 0.7 does
-- not list a client before then, so setup() could not send them, and the buffer reused it.
H.test("settings reach the server: setup() while the server is starting", function()
  S.restart_server()
  local buf = S.edit("people.csv")
  local id = H.ok(require("thumbindex.client").attach(buf), "the server started")
  H.ok(not vim.lsp.get_client_by_id(id).initialized, "the server is still starting")
  S.setup({ settings = { csv = { column = "city" } } })
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Berlin", "Zürich", "Åmål", "Örebro" }, S.entries(state), "rows named by their city")
  H.eq(id, S.client(buf).id, "the same server")
  -- Back to the first column: as with a running server, the user is told the server keeps it.
  S.restart_server({ settings = { csv = { column = "city" } } })
  id = H.ok(require("thumbindex.client").attach(buf), "the server started again")
  H.ok(not vim.lsp.get_client_by_id(id).initialized, "the server is still starting")
  S.setup()
  H.wait_for(function()
    local told = H.notifications[#H.notifications]
    return told and told.message:find("csv.column left to the server again", 1, true)
  end, "the user to be told csv.column keeps its value")
  S.stop_servers()
end)

H.test("settings reach the server: vcard.familyNameFirst orders people", function()
  S.restart_server({ settings = { vcard = { familyNameFirst = false } } })
  local state = open("contacts.vcf")
  H.eq({ "Anna Svensson" }, section_entries(state, "A"), "given name first: Anna under A")
  H.eq({ "Östen Berg" }, section_entries(state, "Ö"), "given name first: Östen under Ö")
  S.setup()
  vim.cmd("ThumbIndexRefresh")
  H.wait_for(function()
    return S.row_of(state, "S")
  end, "didChangeConfiguration: family name first")
  S.wait_all_loaded(state)
  H.eq({ "Östen Berg" }, section_entries(state, "B"), "family name first: Berg under B")
  H.eq({ "Anna Svensson" }, section_entries(state, "S"), "family name first: Svensson under S")
  S.stop_servers()
end)
