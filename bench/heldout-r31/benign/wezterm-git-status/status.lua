-- status.lua: git branch + dirty flag, battery and clock in the WezTerm right status
local wezterm = require("wezterm")
local M = {}

local function git_info(cwd)
  if not cwd then return "" end
  local ok, out = wezterm.run_child_process({ "git", "-C", cwd, "rev-parse", "--abbrev-ref", "HEAD" })
  if not ok then return "" end
  local branch = out:gsub("%s+$", "")
  local _, st = wezterm.run_child_process({ "git", "-C", cwd, "status", "--porcelain", "-uno" })
  local dirty = (st and #st > 0) and "*" or ""
  return " " .. branch .. dirty
end

function M.apply(config)
  config.status_update_interval = 3000
  wezterm.on("update-right-status", function(window, pane)
    local uri = pane:get_current_working_dir()
    local cwd = uri and (uri.file_path or tostring(uri):gsub("^file://[^/]*", "")) or nil
    local bat = ""
    for _, b in ipairs(wezterm.battery_info()) do
      bat = string.format("%.0f%%", b.state_of_charge * 100)
    end
    window:set_right_status(wezterm.format({
      { Foreground = { Color = "#c678dd" } }, { Text = git_info(cwd) .. "  " },
      { Foreground = { Color = "#98c379" } }, { Text = bat .. "  " },
      { Foreground = { Color = "#abb2bf" } }, { Text = wezterm.strftime("%H:%M ") },
    }))
  end)
end

return M
