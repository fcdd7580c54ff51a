-- Word count of the body, printed to stderr. Also checks resolver health for remote images.
local words = 0
local util = dofile(PANDOC_SCRIPT_FILE:gsub("wordcount.lua$", "util.lua"))

function Str(el)
  if el.text:match("%P") then words = words + 1 end
end

function Pandoc(doc)
  io.stderr:write(string.format("%d words\n", words))
  util.resolver_check()
  return doc
end
