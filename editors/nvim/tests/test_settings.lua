-- The options and the server settings.
local H = require("harness")
local S = require("support")

H.test("setup() and setup({}) keep every default", function()
  local config = require("thumbindex.config")
  H.eq({}, config.setup(), "problems")
  H.ok(vim.deep_equal(config.defaults, config.get()), "setup(): the defaults, got " .. vim.inspect(config.get()))
  H.eq({}, config.setup({ settings = {}, outline = {} }), "problems")
  H.ok(vim.deep_equal(config.defaults, config.get()), "setup({}): the defaults, got " .. vim.inspect(config.get()))
  S.setup()
end)
