if vim.g.loaded_stylua_format then return end
vim.g.loaded_stylua_format = true
require("stylua_format").setup()
