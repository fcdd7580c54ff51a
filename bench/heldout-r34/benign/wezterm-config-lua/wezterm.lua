local wezterm = require("wezterm")
local act = wezterm.action
local config = wezterm.config_builder()

config.font = wezterm.font_with_fallback({ "JetBrains Mono", "Symbols Nerd Font Mono" })
config.font_size = 13.0
config.color_scheme = "Tokyo Night"
config.hide_tab_bar_if_only_one_tab = true
config.window_padding = { left = 6, right = 6, top = 4, bottom = 4 }
config.scrollback_lines = 20000

config.launch_menu = {
  { label = "htop", args = { "htop" } },
  { label = "Python REPL", args = { "python3" } },
  { label = "Git log (graph)", args = { "git", "log", "--graph", "--oneline", "--all" } },
}

config.ssh_domains = {
  { name = "devbox", remote_address = "devbox", username = os.getenv("USER") },
}

config.keys = {
  { key = "d", mods = "CMD", action = act.SplitHorizontal({ domain = "CurrentPaneDomain" }) },
  { key = "D", mods = "CMD|SHIFT", action = act.SplitVertical({ domain = "CurrentPaneDomain" }) },
  { key = "w", mods = "CMD", action = act.CloseCurrentPane({ confirm = true }) },
  { key = "l", mods = "CMD|SHIFT", action = act.ShowLauncher },
  { key = "k", mods = "CMD", action = act.Multiple({ act.ClearScrollback("ScrollbackAndViewport"), act.SendKey({ key = "L", mods = "CTRL" }) }) },
}

wezterm.on("format-tab-title", function(tab)
  local title = tab.active_pane.title
  return " " .. (tab.tab_index + 1) .. ": " .. title:sub(1, 24) .. " "
end)

return config
