local M = {}
local dir = vim.fn.stdpath("state") .. "/sessions"

local function session_file()
  local cwd = vim.fn.getcwd()
  return dir .. "/" .. cwd:gsub("[/\\:]", "%%") .. ".vim"
end

function M.setup()
  vim.fn.mkdir(dir, "p")
  vim.api.nvim_create_autocmd("VimLeavePre", {
    callback = function()
      if #vim.fn.getbufinfo({ buflisted = 1 }) > 0 then
        vim.cmd("mksession! " .. vim.fn.fnameescape(session_file()))
      end
    end,
  })
  vim.api.nvim_create_autocmd("VimEnter", {
    nested = true,
    callback = function()
      local f = session_file()
      if vim.fn.argc() == 0 and vim.fn.filereadable(f) == 1 then
        if vim.fn.confirm("Restore session?", "&yes\n&no", 2) == 1 then
          vim.cmd("source " .. vim.fn.fnameescape(f))
        end
      end
    end,
  })
  vim.api.nvim_create_user_command("SessionDelete", function()
    os.remove(session_file())
    vim.notify("session deleted")
  end, {})
end

return M
