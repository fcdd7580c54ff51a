-- theme.lua: light/dark colour schemes following the OS appearance
local wezterm = require("wezterm")
local M = {}

M.dark = "Tokyo Night"
M.light = "Tokyo Night Day"
M.font = "JetBrains Mono"
M.size = 13.0

local function scheme_for(appearance)
  if appearance:find("Dark") then
    return M.dark
  end
  return M.light
end

function M.apply(config)
  local appearance = wezterm.gui and wezterm.gui.get_appearance() or "Dark"
  config.color_scheme = scheme_for(appearance)
  config.font = wezterm.font(M.font)
  config.font_size = M.size
  config.window_decorations = "RESIZE"
  wezterm.on("window-config-reloaded", function(window)
    local overrides = window:get_config_overrides() or {}
    local s = scheme_for(window:get_appearance())
    if overrides.color_scheme ~= s then
      overrides.color_scheme = s
      window:set_config_overrides(overrides)
    end
  end)
  return config
end

return M
