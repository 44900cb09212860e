-- The user commands of ThumbIndex, declared as data and registered in one loop.
if vim.g.loaded_thumbindex then
  return
end
vim.g.loaded_thumbindex = 1

local commands = {
  { name = "ThumbIndexOutline", run = "open", desc = "Open the sectioned outline of the current buffer" },
  { name = "ThumbIndexClose", run = "close", desc = "Close the outline of the current buffer" },
  {
    name = "ThumbIndexJump",
    run = "jump",
    nargs = 1,
    complete = "complete_titles",
    desc = "Jump to the section of an index title",
  },
  { name = "ThumbIndexRefresh", run = "refresh", desc = "Ask the server for the outline again" },
  { name = "ThumbIndexInfo", run = "info", desc = "Show the server, its version and the locale in use" },
  {
    name = "ThumbIndexWorkspace",
    run = "workspace",
    nargs = "?",
    complete = "complete_workspace_titles",
    desc = "Open the thumb index of the whole workspace (and jump to the section of an index title)",
  },
  {
    name = "ThumbIndexSort",
    run = "sort",
    range = true,
    desc = "Sort the buffer's entries (or the range's) into the order of its outline",
  },
}

for _, command in ipairs(commands) do
  local options = { nargs = command.nargs or 0, desc = command.desc, range = command.range }
  if command.complete then
    options.complete = function(arglead)
      return require("thumbindex")[command.complete](arglead)
    end
  end
  vim.api.nvim_create_user_command(command.name, function(args)
    require("thumbindex")[command.run](args.args, args)
  end, options)
end
