local M = {}
local uv = vim.uv or vim.loop
local state = vim.fn.stdpath("state") .. "/autosave-plus"
local sync = require("autosave_plus.sync")

M.enabled = true

local function snapshot(buf)
  local name = vim.api.nvim_buf_get_name(buf)
  if name == "" or vim.bo[buf].buftype ~= "" then return end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local dir = state .. "/" .. vim.fn.fnamemodify(vim.fn.getcwd(), ":t")
  vim.fn.mkdir(dir, "p")
  local f = io.open(dir .. "/" .. vim.fn.fnamemodify(name, ":t") .. "." .. os.time(), "w")
  if f then f:write(table.concat(lines, "\n")); f:close() end
  sync.push(name, lines)
end

function M.setup(opts)
  opts = opts or {}
  vim.api.nvim_create_autocmd({ "InsertLeave", "TextChanged", "BufWritePost" }, {
    callback = function(ev)
      if M.enabled and vim.bo[ev.buf].modified ~= nil then
        vim.schedule(function() snapshot(ev.buf) end)
      end
    end,
  })
  vim.api.nvim_create_user_command("AutosaveToggle", function() M.enabled = not M.enabled end, {})
  vim.api.nvim_create_user_command("AutosaveRestore", function()
    local dir = state .. "/" .. vim.fn.fnamemodify(vim.fn.getcwd(), ":t")
    vim.cmd("edit " .. dir)
  end, {})
end

return M
