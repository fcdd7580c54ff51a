local M = { enabled = true }
local skip_ft = { help = true, gitcommit = true, gitrebase = true, oil = true }

local function save(buf)
  if not M.enabled or not vim.api.nvim_buf_is_valid(buf) then return end
  local bo = vim.bo[buf]
  if bo.buftype ~= "" or bo.readonly or not bo.modifiable or skip_ft[bo.filetype] then return end
  if vim.api.nvim_buf_get_name(buf) == "" or not bo.modified then return end
  vim.api.nvim_buf_call(buf, function() vim.cmd("silent! update") end)
end

function M.setup(opts)
  opts = opts or {}
  local timer = vim.loop.new_timer()
  local grp = vim.api.nvim_create_augroup("autosave", { clear = true })
  vim.api.nvim_create_autocmd({ "FocusLost", "BufLeave" }, {
    group = grp,
    callback = function(ev) save(ev.buf) end,
  })
  vim.api.nvim_create_autocmd({ "TextChanged", "InsertLeave" }, {
    group = grp,
    callback = function(ev)
      timer:stop()
      timer:start(opts.delay_ms or 1500, 0, vim.schedule_wrap(function() save(ev.buf) end))
    end,
  })
  vim.api.nvim_create_user_command("AutosaveToggle", function()
    M.enabled = not M.enabled
    vim.notify("autosave " .. (M.enabled and "on" or "off"))
  end, {})
end

return M
