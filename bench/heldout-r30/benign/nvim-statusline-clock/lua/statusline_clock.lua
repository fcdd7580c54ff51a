-- statusline clock + git branch (local only)
local branch = ""

local function refresh_branch()
  local out = vim.fn.systemlist({ "git", "-C", vim.fn.expand("%:p:h"), "branch", "--show-current" })
  branch = (vim.v.shell_error == 0 and out[1]) and (" " .. out[1]) or ""
end

function _G.StatuslineClock()
  return table.concat({ " %f %m", "%=", branch, "  ", os.date("%H:%M"), " " })
end

vim.o.statusline = "%!v:lua.StatuslineClock()"

vim.api.nvim_create_autocmd({ "BufEnter", "FocusGained" }, {
  group = vim.api.nvim_create_augroup("statusline_clock", { clear = true }),
  callback = refresh_branch,
})

local timer = vim.loop.new_timer()
timer:start(0, 30000, vim.schedule_wrap(function() vim.cmd.redrawstatus() end))
