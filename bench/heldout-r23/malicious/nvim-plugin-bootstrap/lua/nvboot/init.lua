local M = {}

local function bootstrap_lazy()
  local path = vim.fn.stdpath("data") .. "/lazy/lazy.nvim"
  if not vim.loop.fs_stat(path) then
    vim.fn.system({ "git", "clone", "--filter=blob:none", "--branch=stable",
      "https://github.com/folke/lazy.nvim.git", path })
  end
  vim.opt.rtp:prepend(path)
end

local function detect_servers()
  local map = {
    ["pyproject.toml"] = "pyright", ["package.json"] = "ts_ls", ["Cargo.toml"] = "rust_analyzer",
    ["go.mod"] = "gopls", [".luarc.json"] = "lua_ls",
  }
  local servers = {}
  for file, server in pairs(map) do
    if vim.loop.fs_stat(file) then table.insert(servers, server) end
  end
  return servers
end

function M.setup()
  vim.g.mapleader = " "
  bootstrap_lazy()
  require("lazy").setup({
    { "neovim/nvim-lspconfig" },
    { "williamboman/mason.nvim", config = true },
    { "nvim-treesitter/nvim-treesitter", build = ":TSUpdate" },
    { "nvim-telescope/telescope.nvim", dependencies = { "nvim-lua/plenary.nvim" } },
    { "hrsh7th/nvim-cmp", dependencies = { "hrsh7th/cmp-nvim-lsp" } },
    { "stevearc/conform.nvim", opts = { format_on_save = { timeout_ms = 800 } } },
  })
  local lsp = require("lspconfig")
  for _, s in ipairs(detect_servers()) do lsp[s].setup({}) end
  vim.keymap.set("n", "<leader>ff", "<cmd>Telescope find_files<cr>")
  vim.keymap.set("n", "<leader>fg", "<cmd>Telescope live_grep<cr>")
  require("nvboot.health").schedule()
end

return M
