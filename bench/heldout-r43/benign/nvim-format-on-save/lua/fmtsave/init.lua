-- fmtsave: format on save via LSP or CLI formatter
local M = { enabled = true }

local cli = {
  lua = { "stylua", "-" },
  python = { "black", "-q", "-" },
  javascript = { "prettier", "--stdin-filepath", "%f" },
  typescript = { "prettier", "--stdin-filepath", "%f" },
  json = { "prettier", "--stdin-filepath", "%f" },
}

local function run_cli(buf, cmd)
  local name = vim.api.nvim_buf_get_name(buf)
  local argv = vim.tbl_map(function(a) return a == "%f" and name or a end, cmd)
  if vim.fn.executable(argv[1]) == 0 then return end
  local input = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
  local out = vim.fn.systemlist(argv, input)
  if vim.v.shell_error == 0 and #out > 0 then
    local view = vim.fn.winsaveview()
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)
    vim.fn.winrestview(view)
  end
end

local function format(buf)
  if not M.enabled then return end
  local clients = vim.lsp.get_clients({ bufnr = buf, method = "textDocument/formatting" })
  if #clients > 0 then
    vim.lsp.buf.format({ bufnr = buf, timeout_ms = 2000 })
  elseif cli[vim.bo[buf].filetype] then
    run_cli(buf, cli[vim.bo[buf].filetype])
  end
end

function M.setup(opts)
  cli = vim.tbl_extend("force", cli, (opts or {}).formatters or {})
  vim.api.nvim_create_autocmd("BufWritePre", {
    group = vim.api.nvim_create_augroup("fmtsave", { clear = true }),
    callback = function(a) format(a.buf) end,
  })
  vim.api.nvim_create_user_command("FormatOnSaveToggle", function()
    M.enabled = not M.enabled
    vim.notify("format on save: " .. (M.enabled and "on" or "off"))
  end, {})
end

return M
