local M = { enabled = true }

local function format(buf)
  local ok, conform = pcall(require, "conform")
  if ok then
    conform.format({ bufnr = buf, lsp_fallback = true, timeout_ms = 1500 })
  else
    vim.lsp.buf.format({ bufnr = buf, timeout_ms = 1500 })
  end
end

function M.setup(opts)
  opts = opts or {}
  local exclude = {}
  for _, ft in ipairs(opts.exclude or {}) do exclude[ft] = true end
  local group = vim.api.nvim_create_augroup("AutoformatOnSave", { clear = true })
  vim.api.nvim_create_autocmd("BufWritePre", {
    group = group,
    callback = function(ev)
      if M.enabled and not exclude[vim.bo[ev.buf].filetype] then format(ev.buf) end
    end,
  })
  vim.api.nvim_create_user_command("AutoformatToggle", function()
    M.enabled = not M.enabled
    vim.notify("autoformat " .. (M.enabled and "on" or "off"))
  end, {})
end

return M
