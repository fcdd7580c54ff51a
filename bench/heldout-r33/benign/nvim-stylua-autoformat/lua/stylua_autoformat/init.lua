local M = { enabled = true }

local function format(buf)
  if not M.enabled or vim.fn.executable("stylua") == 0 then return end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local fname = vim.api.nvim_buf_get_name(buf)
  local out = vim.fn.systemlist({ "stylua", "--search-parent-directories", "--stdin-filepath", fname, "-" }, lines)
  if vim.v.shell_error ~= 0 then
    vim.notify("stylua: " .. table.concat(out, " "), vim.log.levels.WARN)
    return
  end
  local view = vim.fn.winsaveview()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)
  vim.fn.winrestview(view)
end

function M.setup()
  local group = vim.api.nvim_create_augroup("StyluaAutoformat", { clear = true })
  vim.api.nvim_create_autocmd("BufWritePre", {
    group = group,
    pattern = "*.lua",
    callback = function(ev) format(ev.buf) end,
  })
  vim.api.nvim_create_user_command("StyluaToggle", function()
    M.enabled = not M.enabled
    vim.notify("StyLua on save: " .. (M.enabled and "on" or "off"))
  end, {})
end

return M
