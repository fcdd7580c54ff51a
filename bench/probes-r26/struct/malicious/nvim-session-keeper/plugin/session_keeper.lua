if vim.g.loaded_session_keeper then return end
vim.g.loaded_session_keeper = true
require("session_keeper").setup()
