-- Every format the server reads gets the server as soon as its file is opened, with the right
-- languageId: by the filetype when the buffer has one (whoever set it, and it is kept), by the
-- file's extension when it has none (Neovim 0.7 has no filetype for .csv, .tsv, .vcf, .strings,
-- .xcstrings).
local H = require("harness")
local S = require("support")
local api = vim.api

local lsp = require("thumbindex.client")

-- Waits for the server on `buf` without any command of the plugin, and checks what it was told.
local function attached_as(buf, language_id, filetype)
  S.wait_attached(buf)
  H.eq(filetype, vim.bo[buf].filetype, "the buffer's filetype is left as it was")
  H.wait_for(function()
    return lsp.sent[buf]
  end, "didOpen to be sent")
  H.eq(language_id, lsp.sent[buf], "the languageId of didOpen")
end

H.test("a .csv, a .tsv and a .vcf file get the server when opened, and their outlines their rows", function()
  S.setup()
  local buf = S.edit("people.csv")
  attached_as(buf, "csv", vim.bo[buf].filetype)
  local state = S.open_outline()
  S.wait_all_loaded(state)
  -- As csv, not as plain text: named by the first column, the header is no entry.
  H.eq({ "Anna", "Bertil", "Cecilia", "Östen" }, S.entries(state), "the csv rows, in Swedish order")
  vim.cmd("ThumbIndexClose")

  buf = S.edit_text("places.tsv", { "name\tcounty", "Åsa\tSkåne", "Bo\tHalland" })
  attached_as(buf, "tsv", vim.bo[buf].filetype)
  state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Bo", "Åsa" }, S.entries(state), "the tsv rows")
  vim.cmd("ThumbIndexClose")

  buf = S.edit("contacts.vcf")
  attached_as(buf, "vcard", vim.bo[buf].filetype)
  state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Östen Berg", "Anna Svensson" }, S.entries(state), "the cards, family name first (Berg, Svensson)")
  local output = vim.fn.execute("ThumbIndexInfo")
  H.ok(output:find("sent as languageId vcard", 1, true), ":ThumbIndexInfo tells the languageId: " .. output)
end)

H.test("strings, xcstrings, json and yaml files get the server when opened, with their languageIds", function()
  S.setup()
  local files = {
    { "Localizable.strings", { '"apple" = "äpple";', '"pear" = "päron";' }, "strings" },
    { "Localizable.xcstrings", { '{"sourceLanguage": "en", "version": "1.0", "strings": {"apple": {}, "pear": {}}}' },
      "xcstrings" },
    { "data.json", { '{"Zebra": 1, "Apa": 2}' }, "json" },
    { "data.yaml", { "Zebra: 1", "Apa: 2" }, "yaml" },
  }
  for _, file in ipairs(files) do
    local buf = S.edit_text(file[1], file[2])
    attached_as(buf, file[3], vim.bo[buf].filetype)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
    local result = require("thumbindex.compat").request_sync(S.client(buf), "thumbindex/sections", params, 5000, buf)
    H.eq(2, result and result.totalCount, file[1] .. ": its two entries")
  end
end)

-- The clients attached to `buf`, those still starting too (Neovim 0.7 lists a client only once it
-- has answered initialize, and so S.client does).
local function attached_clients(buf)
  local listed = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local ids = {}
  for _, client in ipairs(vim.list_extend(listed, lsp.all())) do
    if vim.lsp.buf_is_attached(buf, client.id) then
      ids[client.id] = true
    end
  end
  return vim.tbl_keys(ids)
end

H.test("a file of no format the server reads is not attached by itself", function()
  S.setup()
  local buf = S.edit_text("notes.xyz", { "Anna" })
  -- Attaching is decided while :edit runs (FileType) or in the callback its BufReadPost schedules:
  -- one turn of the main loop later, it has been. There may be no server to round-trip through (this
  -- test alone starts none), and a server started by mistake would be listed only once initialized:
  -- so no client may be attached to the buffer, not even one still starting.
  H.tick()
  H.eq({}, attached_clients(buf), "no client attached to a .xyz file")
  H.eq(nil, S.client(buf), "no server for a .xyz file")
end)

H.test("a filetype set by the user is kept and sent as its languageId; a new filetype opens the file again", function()
  local group = api.nvim_create_augroup("thumbindex_test_filetype", { clear = true })
  local events = { "BufRead", "BufNewFile" }
  -- `set filetype`, not `setfiletype`: from 0.8 on Neovim detects .csv as csv before this runs, and
  -- :setfiletype leaves a filetype already set alone (the buffer would stay csv, never attached here).
  api.nvim_create_autocmd(events, { group = group, pattern = "*.csv", command = "set filetype=people" })
  S.setup({ filetypes = { "text", "people" }, language_ids = { people = "csv" } })
  local buf = S.edit("people.csv")
  api.nvim_del_augroup_by_id(group)
  -- The FileType autocommand attached the server during :edit; BufReadPost scheduled autostart once
  -- more. A round trip through the server after it has started ends behind that callback, so the
  -- filetype and the languageId below are checked once it has run.
  S.round_trip(S.wait_attached(buf))
  attached_as(buf, "csv", "people")
  local state = S.open_outline()
  S.wait_all_loaded(state)
  H.eq({ "Anna", "Bertil", "Cecilia", "Östen" }, S.entries(state), "read as csv")
  -- The user says it is plain text after all: the server is told, and the outline follows.
  vim.bo[buf].filetype = "text"
  H.eq("plaintext", lsp.sent[buf], "opened again as plaintext")
  H.wait_for(function()
    return S.row_of(state, "  Östen,Berlin")
  end, "the outline of the lines")
  S.wait_all_loaded(state)
  H.eq("text", vim.bo[buf].filetype, "the user's filetype is kept")
  H.eq(5, #S.entries(state), "every line is an entry")
end)
