-- An outline without entries says why: the language is not one the server reads, the server did
-- not start, or the file has no entries (and what an entry is in its format).
local H = require("harness")
local S = require("support")

-- Opens the outline of the current buffer and waits until its text holds `expected`.
local function outline_says(expected, what)
  local state = require("thumbindex").open()
  H.wait_for(function()
    return S.text(state):find(expected, 1, true)
  end, what .. ": " .. expected, 10000)
  return state
end

H.test("an empty outline says the language is not supported: an unknown filetype", function()
  S.setup()
  S.edit_text("report.cob", { "Anna", "Bertil" })
  H.eq("cobol", vim.bo.filetype, "Neovim's filetype")
  outline_says('thumbindex does not read languageId "cobol" (filetype cobol)', "the reason")
  local state = outline_says('language_ids = { cobol = "plaintext" }', "how to read it anyway")
  H.ok(S.text(state):find("It reads csv, json, markdown, plaintext", 1, true), "what it reads: " .. S.text(state))
  H.eq(0, state.layout.total, "no entries")
end)

H.test("an empty outline says the language is not supported: no filetype, an unknown extension", function()
  S.setup()
  S.edit_text("notes.xyz", { "Anna" })
  H.eq("", vim.bo.filetype, "no filetype")
  outline_says("this buffer has no filetype, and thumbindex reads no files ending in .xyz", "the reason")
end)

H.test("an empty outline says the server did not start, naming the command", function()
  S.stop_servers()
  H.wait_for(function()
    return S.client() == nil
  end, "the servers to stop")
  S.setup({ cmd = { "sh", "-c", "exit 3" } })
  S.edit("names.txt")
  outline_says("the server (sh -c exit 3) exited with code 3 before it was ready", "the reason")
  H.ok(vim.tbl_filter(function(told)
    return told.level == vim.log.levels.ERROR and told.message:find("sh -c exit 3", 1, true)
  end, H.notifications)[1], "an error is notified: " .. vim.inspect(H.notifications))
  S.setup()
end)

H.test("an empty outline says the file has no entries, and what an entry is", function()
  S.setup()
  S.edit_text("blank.txt", { "", "   ", "" })
  outline_says("No entries: blank.txt has none as plaintext (an entry per non-blank line).", "plain text")
  vim.cmd("ThumbIndexClose")
  S.edit_text("header.csv", { "name,city" })
  outline_says("No entries: header.csv has none as csv (an entry per row below the header", "csv")
  vim.cmd("ThumbIndexClose")
  -- What the server logged about the file when it was asked is shown too (here a syntax error).
  S.edit_text("broken.json", { '{"Zebra": ' })
  local state = outline_says("No entries: broken.json has none as json (an entry per key).", "json")
  H.ok(S.text(state):find("The server said: file://.*broken%.json"), "the server's message: " .. S.text(state))
end)
