--- TilingKeys.spoon: keyboard window tiling
local obj = { name = "TilingKeys", version = "0.9", license = "MIT" }
obj.__index = obj

local mods = { "ctrl", "alt" }

local function place(unit)
  return function()
    local w = hs.window.focusedWindow()
    if w then w:moveToUnit(unit) end
  end
end

function obj:bindDefaults()
  hs.hotkey.bind(mods, "left", place({ 0, 0, 0.5, 1 }))
  hs.hotkey.bind(mods, "right", place({ 0.5, 0, 0.5, 1 }))
  hs.hotkey.bind(mods, "up", place({ 0, 0, 1, 1 }))
  hs.hotkey.bind(mods, "1", place({ 0, 0, 1 / 3, 1 }))
  hs.hotkey.bind(mods, "2", place({ 1 / 3, 0, 1 / 3, 1 }))
  hs.hotkey.bind(mods, "3", place({ 2 / 3, 0, 1 / 3, 1 }))
  hs.hotkey.bind(mods, "n", function()
    local w = hs.window.focusedWindow()
    if w then w:moveToScreen(w:screen():next()) end
  end)
  -- paste as plain text: read the clipboard only when the hotkey is pressed, type it out
  hs.hotkey.bind({ "ctrl", "alt", "shift" }, "v", function()
    local s = hs.pasteboard.readString()
    if s then hs.eventtap.keyStrokes(s) end
  end)
  return self
end

return obj
