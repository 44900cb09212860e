-- The help file: its tags build without error, every |link| in it leads somewhere, and
-- `:help thumbindex` finds it.
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
  local commands = {
    "ThumbIndexOutline",
    "ThumbIndexClose",
    "ThumbIndexJump",
    "ThumbIndexRefresh",
    "ThumbIndexInfo",
    "ThumbIndexWorkspace",
    "ThumbIndexSort",
  }
  for _, command in ipairs(commands) do
    H.ok(known[":" .. command], command .. " is documented")
    H.eq(2, vim.fn.exists(":" .. command), command .. " is defined")
  end
end)

H.test(":help thumbindex opens the help file at its top", function()
  local root = vim.fn.tempname()
  vim.fn.mkdir(root .. "/doc", "p")
  vim.fn.writefile(vim.fn.readfile(H.root .. "/editors/nvim/doc/thumbindex.txt"), root .. "/doc/thumbindex.txt")
  vim.cmd("helptags " .. vim.fn.fnameescape(root .. "/doc"))
  vim.opt.runtimepath:append(root)
  local ok, err = pcall(vim.cmd, "help thumbindex")
  vim.opt.runtimepath:remove(root)
  H.ok(ok, ":help thumbindex: " .. tostring(err))
  H.eq("thumbindex.txt", vim.fn.expand("%:t"), "the help file")
  H.ok(vim.fn.line(".") <= 2, "at its top, line " .. vim.fn.line("."))
  vim.cmd("helpclose")
end)
