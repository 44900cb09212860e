-- The settings in every form Protocol/README.md gives them ("nested or dotted", with or without the
-- "thumbindex" prefix, grouping bare) are accepted by setup(), sent nested, and take effect.
local H = require("harness")
local S = require("support")

local config = require("thumbindex.config")
local lsp = require("thumbindex.client")

H.test("settings: dotted, prefixed, under thumbindex and grouping bare are accepted and sent nested", function()
  local forms = {
    { ["csv.column"] = "city" },
    { ["thumbindex.csv.column"] = "city" },
    { thumbindex = { csv = { column = "city" } } },
    { thumbindex = { ["csv.column"] = "city" } },
    { csv = { column = "city" } },
  }
  for _, form in ipairs(forms) do
    H.eq({}, config.setup({ settings = form }), "problems with " .. vim.inspect(form))
    H.eq("city", config.get().settings.csv.column, "csv.column of " .. vim.inspect(form))
    H.eq({ column = "city" }, lsp.init_options().thumbindex.csv, "sent nested, for " .. vim.inspect(form))
    H.eq(true, config.get().settings.vcard.familyNameFirst, "the other defaults are kept")
  end
  H.eq({}, config.setup({ settings = { grouping = "sorted", ["vcard.familyNameFirst"] = false } }), "problems")
  H.eq("sorted", lsp.init_options().thumbindex.outline.grouping, "grouping bare is outline.grouping")
  H.eq(false, lsp.init_options().thumbindex.vcard.familyNameFirst, "vcard.familyNameFirst dotted")
  H.eq({}, config.setup({ settings = { ["localization.tables"] = { "a.strings" }, ["index.maxTitles"] = 9 } }), "")
  H.eq({ "a.strings" }, lsp.init_options().thumbindex.localization.tables, "a list, dotted")
  H.eq(9, lsp.init_options().thumbindex.index.maxTitles, "a number, dotted")
  S.setup()
end)

H.test("settings: wrong ones are still reported, naming what is known and where settings go", function()
  local problems = config.setup({ settings = { ["csv.colum"] = 1, ["style"] = "fancy" } })
  H.eq(2, #problems, "problems: " .. vim.inspect(problems))
  table.sort(problems, function(a, b)
    return a:find("unknown", 1, true) ~= nil and b:find("unknown", 1, true) == nil
  end)
  local unknown = "unknown option settings.csv.colum (ignored; the options here are column, readingColumns)"
  H.ok(problems[1]:find(unknown, 1, true), problems[1])
  H.ok(problems[2]:find("settings.style must be one of apple, icu", 1, true), problems[2])
  problems = config.setup({ csv = { column = "city" } })
  H.ok(problems[1]:find("server settings go under settings, e.g. settings = { csv = ... }", 1, true), problems[1])
  problems = config.setup({ settings = { ["csv.column"] = "city", thumbindex = { csv = { column = 2 } } } })
  H.eq({ "settings.csv.column is given twice, as csv.column and as thumbindex.csv.column; using 2" }, problems, "")
  S.setup()
end)

H.test("settings given dotted reach the server: csv.column and vcard.familyNameFirst", function()
  S.restart_server({ settings = { ["csv.column"] = "city", ["thumbindex.vcard.familyNameFirst"] = false } })
  S.edit("people.csv")
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Berlin", "Zürich", "Åmål", "Örebro" }, S.entries(state), "rows named by their city")
  vim.cmd("ThumbIndexClose")
  S.edit("contacts.vcf")
  state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Anna Svensson", "Östen Berg" }, S.entries(state), "given name first")
  -- Again through workspace/didChangeConfiguration.
  S.setup({ settings = { thumbindex = { vcard = { familyNameFirst = true } } } })
  vim.cmd("ThumbIndexRefresh")
  H.wait_for(function()
    return vim.deep_equal({ "Östen Berg", "Anna Svensson" }, S.entries(state))
  end, "family name first, after setup() again")
  S.stop_servers()
end)

H.test("settings: one left to the server again is said to keep its value until the server restarts", function()
  S.setup({ settings = { csv = { column = "city" } } })
  S.edit("people.csv")
  S.wait_attached(vim.api.nvim_get_current_buf())
  S.setup()
  local told = H.notifications[#H.notifications]
  H.ok(told and told.message:find("csv.column left to the server again", 1, true), vim.inspect(H.notifications))
  H.eq(vim.log.levels.INFO, told.level, "as information")
  S.stop_servers()
end)
