-- luacheck configuration for the Neovim plugin and its tests: luacheck editors/nvim
std = "luajit"
globals = { "vim" }
max_line_length = 120
