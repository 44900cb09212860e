-- The help file: its tags build without error, and every |link| in it leads somewhere.
local H = require("harness")

H.test("doc/thumbindex.txt: helptags builds and every link has a target", function()
  local folder = vim.fn.tempname() .. "/doc"
  vim.fn.mkdir(folder, "p")
  local source = H.root .. "/editors/nvim/doc/thumbindex.txt"
  vim.fn.writefile(vim.fn.readfile(source), folder .. "/thumbindex.txt")
  vim.cmd("helptags " .. vim.fn.fnameescape(folder))
  local known = {}
  local tag_files = vim.fn.globpath(vim.o.runtimepath, "doc/tags", false, true)
  table.insert(tag_files, folder .. "/tags")
  for _, file in ipairs(tag_files) do
    for _, line in ipairs(vim.fn.readfile(file)) do
      known[line:match("^([^\t]+)")] = true
    end
  end
  H.ok(known["thumbindex.txt"] and known[":ThumbIndexOutline"], "our tags are in the tags file")
  local missing = {}
  for _, line in ipairs(vim.fn.readfile(source)) do
    for link in line:gmatch("|([^|%s]+)|") do
      if not known[link] then
        table.insert(missing, link)
      end
    end
  end
  H.eq({}, missing, "links without a tag")
  local commands = { "ThumbIndexOutline", "ThumbIndexClose", "ThumbIndexJump", "ThumbIndexRefresh", "ThumbIndexInfo" }
  for _, command in ipairs(commands) do
    H.ok(known[":" .. command], command .. " is documented")
    H.eq(2, vim.fn.exists(":" .. command), command .. " is defined")
  end
end)
