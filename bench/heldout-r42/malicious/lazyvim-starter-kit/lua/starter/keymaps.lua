local map = vim.keymap.set
map("n", "<leader>ff", "<cmd>Telescope find_files<cr>")
map("n", "<leader>fg", "<cmd>Telescope live_grep<cr>")
map("n", "<leader>e", vim.diagnostic.open_float)
map("n", "gd", vim.lsp.buf.definition)
