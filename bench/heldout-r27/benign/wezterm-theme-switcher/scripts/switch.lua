local scheme = arg[1] or error("usage: switch.lua <scheme name>")
local home = os.getenv("HOME")
local path = home .. "/.config/wezterm/wezterm.lua"
local f = assert(io.open(path, "r")); local src = f:read("*a"); f:close()
local b = assert(io.open(path .. ".bak", "w")); b:write(src); b:close()
local new, n = src:gsub('color_scheme%s*=%s*"[^"]*"', 'color_scheme = "' .. scheme:gsub('"', '') .. '"')
if n == 0 then new = src:gsub("return%s+config", 'config.color_scheme = "' .. scheme .. '"\nreturn config', 1) end
local w = assert(io.open(path, "w")); w:write(new); w:close()
print("color scheme set to " .. scheme .. " (backup: " .. path .. ".bak)")
