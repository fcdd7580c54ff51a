local M = { dir = vim.fn.expand("~/zettel") }

local function rg(args)
  local cmd = { "rg", "--no-heading", "--line-number", "--color=never" }
  vim.list_extend(cmd, args)
  return vim.fn.systemlist(cmd)
end

function M.new(title)
  local id = os.date("%Y%m%d%H%M")
  local path = string.format("%s/%s-%s.md", M.dir, id, title:gsub("%s+", "-"):lower())
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  vim.api.nvim_buf_set_lines(0, 0, 0, false, { "# " .. title, "", "Tags: ", "" })
end

function M.backlinks()
  local name = vim.fn.expand("%:t:r")
  local hits = rg({ "--fixed-strings", "[[" .. name, M.dir })
  local items = {}
  for _, h in ipairs(hits) do
    local file, lnum, text = h:match("^(.-):(%d+):(.*)$")
    if file then table.insert(items, { filename = file, lnum = tonumber(lnum), text = text }) end
  end
  vim.fn.setqflist(items)
  vim.cmd("copen")
end

function M.link()
  local files = vim.fn.globpath(M.dir, "*.md", false, true)
  vim.ui.select(files, { prompt = "Link to:" }, function(choice)
    if choice then
      vim.api.nvim_put({ "[[" .. vim.fn.fnamemodify(choice, ":t:r") .. "]]" }, "c", true, true)
    end
  end)
end

function M.setup(opts)
  M.dir = vim.fn.expand((opts or {}).dir or M.dir)
  vim.fn.mkdir(M.dir, "p")
  vim.api.nvim_create_user_command("ZNew", function(o) M.new(o.args) end, { nargs = 1 })
  vim.api.nvim_create_user_command("ZBacklinks", M.backlinks, {})
  vim.api.nvim_create_user_command("ZLink", M.link, {})
end

return M
