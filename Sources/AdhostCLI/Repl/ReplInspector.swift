/// Lua that the REPL loads into the sandbox it evaluates in: runs a chunk and renders its values
/// readably — strings quoted, tables with depth and length limits, keys sorted, cycles marked,
/// ads and breaks by their one-line summaries.
let replInspectorSource = """
  local maxDepth, maxItems = 3, 20
  local type, tostring, next, rawget, rawlen, select = type, tostring, next, rawget, rawlen, select
  local format, concat, sort = string.format, table.concat, table.sort
  local mathtype = math.type

  local function isIdentifier(key)
    return type(key) == "string" and key:match("^[%a_][%w_]*$") ~= nil
  end

  local render
  local function renderTable(t, depth, seen)
    if seen[t] then return "<cycle>" end
    if depth >= maxDepth then return "{...}" end
    seen[t] = true
    local parts, shown = {}, 0
    local length = rawlen(t)
    for i = 1, length do
      if shown == maxItems then break end
      parts[#parts + 1] = render(rawget(t, i), depth + 1, seen)
      shown = shown + 1
    end
    local keys = {}
    for key in next, t do
      if not (mathtype(key) == "integer" and key >= 1 and key <= length) then keys[#keys + 1] = key end
    end
    sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    for _, key in ipairs(keys) do
      if shown == maxItems then break end
      local name = isIdentifier(key) and key or ("[" .. render(key, depth + 1, seen) .. "]")
      parts[#parts + 1] = name .. " = " .. render(rawget(t, key), depth + 1, seen)
      shown = shown + 1
    end
    local total = length + #keys
    if total > shown then parts[#parts + 1] = format("... (%d more)", total - shown) end
    seen[t] = nil
    return "{" .. concat(parts, ", ") .. "}"
  end

  render = function(value, depth, seen)
    local kind = type(value)
    if kind == "string" then return (format("%q", value):gsub("\\\\\\n", "\\\\n")) end
    if kind == "table" then return renderTable(value, depth, seen) end
    return tostring(value)
  end

  return function(chunk)
    local results = table.pack(chunk())
    local parts = {}
    for i = 1, results.n do parts[i] = render(results[i], 0, {}) end
    return concat(parts, "\\t"), results.n
  end
  """
