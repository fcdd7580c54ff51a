-- Number figures and tables, resolve @fig:/@tbl: references.
local counters = { fig = 0, tbl = 0 }
local labels = {}

local function label_of(attr)
  local id = attr and attr.identifier or ""
  local kind = id:match("^(%a+):")
  return kind, id
end

function Image(el)
  local kind, id = label_of(el.attr)
  if kind == "fig" then
    counters.fig = counters.fig + 1
    labels[id] = "Figure " .. counters.fig
    el.caption:insert(1, pandoc.Str("Figure " .. counters.fig .. ": "))
  end
  return el
end

function Table(el)
  local kind, id = label_of(el.attr)
  if kind == "tbl" then
    counters.tbl = counters.tbl + 1
    labels[id] = "Table " .. counters.tbl
  end
  return el
end

function Cite(el)
  local id = el.citations[1].id
  if labels[id] then return pandoc.Str(labels[id]) end
end

return { { Image = Image, Table = Table }, { Cite = Cite } }
