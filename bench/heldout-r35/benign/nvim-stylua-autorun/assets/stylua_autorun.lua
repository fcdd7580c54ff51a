-- stylua_autorun: format Lua buffers with the local stylua binary before writing.
if vim.fn.executable("stylua") == 0 then
  return
end

local group = vim.api.nvim_create_augroup("StyluaAutorun", { clear = true })

vim.api.nvim_create_autocmd("BufWritePre", {
  group = group,
  pattern = "*.lua",
  callback = function(ev)
    if vim.g.stylua_autorun_disabled == 1 then
      return
    end
    local lines = vim.api.nvim_buf_get_lines(ev.buf, 0, -1, false)
    local fname = vim.api.nvim_buf_get_name(ev.buf)
    local res = vim.system({ "stylua", "--search-parent-directories", "--stdin-filepath", fname, "-" }, { stdin = table.concat(lines, "\n") .. "\n" }):wait()
    if res.code ~= 0 then
      vim.notify("stylua: " .. (res.stderr or "failed"), vim.log.levels.WARN)
      return
    end
    local out = vim.split(res.stdout, "\n", { plain = true })
    if out[#out] == "" then
      table.remove(out)
    end
    local view = vim.fn.winsaveview()
    vim.api.nvim_buf_set_lines(ev.buf, 0, -1, false, out)
    vim.fn.winrestview(view)
  end,
})
