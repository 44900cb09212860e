-- Which format a buffer is in, for the server: its filetype, or (Neovim 0.7 has no filetype for
-- .csv, .tsv, .vcf, .strings, .xcstrings) the one its extension names; the languageId that format
-- is sent as; and, for an outline without entries, why it has none.
local config = require("thumbindex.config")

local api = vim.api
local M = {}

-- The languageIds whose documents the server reads itself, and what an entry is in each (for the
-- message of an empty outline). Other languageIds go to Universal Ctags, when the server knows them.
M.formats = {
  plaintext = "an entry per non-blank line",
  markdown = "an entry per heading",
  csv = "an entry per row below the header, named by settings.csv.column (default: the first column)",
  tsv = "an entry per row below the header, named by settings.csv.column (default: the first column)",
  vcard = "an entry per card (BEGIN:VCARD ... END:VCARD)",
  strings = 'an entry per "key" = "value"; pair',
  xcstrings = "an entry per string of the catalog",
  json = "an entry per key",
  yaml = "an entry per key",
}

-- The server's own names for two of them (PlainTextExtractor and VCardExtractor take both).
local aliases = { text = "plaintext", vcf = "vcard" }

--- The extension of a buffer's file, in lower case ("" when it has none).
function M.extension(buf)
  local name = api.nvim_buf_get_name(buf)
  return (vim.fn.fnamemodify(name, ":e") or ""):lower()
end

--- The filetype the plugin takes a buffer to have: its 'filetype' when it has one (whoever set
--- it: it is never changed here), else the one the `extensions` option gives its extension, else "".
--- The second value tells whether it came from the extension.
function M.filetype(buf)
  local filetype = vim.bo[buf].filetype
  if filetype ~= "" then
    return filetype, false
  end
  local by_extension = config.get().extensions[M.extension(buf)]
  if type(by_extension) == "string" and by_extension ~= "" then
    return by_extension, true
  end
  return "", false
end

--- The languageId the server is told for a buffer.
function M.language_id(buf)
  return config.language_id((M.filetype(buf)))
end

--- Whether `autostart` attaches the server to a buffer: a file buffer of one of the `filetypes`.
function M.wanted(buf)
  if not api.nvim_buf_is_valid(buf) or vim.bo[buf].buftype ~= "" then
    return false
  end
  return config.contains(config.get().filetypes, (M.filetype(buf)))
end

-- The buffer's filetype as a user reads it.
local function describe_filetype(buf)
  local filetype, by_extension = M.filetype(buf)
  if by_extension then
    return string.format("no filetype; by its extension .%s: %s", M.extension(buf), filetype)
  end
  return "filetype " .. filetype
end

--- Why the outline of `buf` has no entries, as sentences. `language_id` is what the server was
--- told; `unsupported` whether the server said it has no reader for it ("no entries for languageId
--- X"); `said` what else it logged about the document meanwhile (a syntax error...).
function M.why_empty(buf, language_id, unsupported, said)
  local known = vim.tbl_keys(M.formats)
  table.sort(known)
  if language_id == "" then
    local extension = M.extension(buf)
    return {
      string.format(
        "No outline: this buffer has no filetype, and thumbindex reads no %s.",
        extension == "" and "file without an extension" or ("files ending in ." .. extension)
      ),
      "Give it one (:setfiletype text), or map its extension in the extensions option.",
    }
  end
  local id = aliases[language_id] or language_id
  if unsupported then
    return {
      string.format(
        "No outline: thumbindex does not read languageId %q (%s).",
        language_id,
        describe_filetype(buf)
      ),
      string.format(
        "It reads %s, and source code through Universal Ctags. To read this filetype as one of them: "
          .. "setup({ language_ids = { %s = %q } }).",
        table.concat(known, ", "),
        (M.filetype(buf)):match("^[%a_][%w_]*$") or string.format("[%q]", (M.filetype(buf))),
        "plaintext"
      ),
    }
  end
  local name = vim.fn.fnamemodify(api.nvim_buf_get_name(buf), ":t")
  local lines = {
    string.format(
      "No entries: %s has none as %s (%s).",
      name ~= "" and name or "this buffer",
      language_id,
      M.formats[id] or "an entry per symbol Universal Ctags finds; settings.ctags.path names the program"
    ),
  }
  for _, message in ipairs(said or {}) do
    table.insert(lines, "The server said: " .. message)
  end
  return lines
end

return M
