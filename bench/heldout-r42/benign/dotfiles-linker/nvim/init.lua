-- minimal example config: local settings only
vim.opt.number = true
vim.opt.expandtab = true
vim.opt.shiftwidth = 2
vim.opt.ignorecase = true
vim.opt.smartcase = true
local ok, local_cfg = pcall(require, "local")   -- ~/.config/nvim/lua/local.lua if the user has one
if ok and type(local_cfg) == "table" and local_cfg.setup then local_cfg.setup() end
