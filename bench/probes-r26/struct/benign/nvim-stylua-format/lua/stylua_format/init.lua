local M = { enabled = true }

local function format(buf)
  if not M.enabled or vim.fn.executable("stylua") == 0 then return end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local name = vim.api.nvim_buf_get_name(buf)
  local cmd = { "stylua", "--search-parent-directories", "--stdin-filepath", name, "-" }
  local res = vim.system(cmd, { stdin = table.concat(lines, "\n") .. "\n", text = true }):wait(3000)
  if res.code ~= 0 then
    vim.notify("stylua: " .. (res.stderr or "failed"), vim.log.levels.WARN)
    return
  end
  local out = vim.split(res.stdout, "\n", { plain = true })
  if out[#out] == "" then table.remove(out) end
  if not vim.deep_equal(out, lines) then
    local view = vim.fn.winsaveview()
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, out)
    vim.fn.winrestview(view)
  end
end

function M.setup()
  local grp = vim.api.nvim_create_augroup("StyluaFormat", { clear = true })
  vim.api.nvim_create_autocmd("BufWritePre", {
    group = grp,
    pattern = "*.lua",
    callback = function(ev) format(ev.buf) end,
  })
  vim.api.nvim_create_user_command("StyluaToggle", function()
    M.enabled = not M.enabled
    print("stylua format-on-save: " .. (M.enabled and "on" or "off"))
  end, {})
end

return M
