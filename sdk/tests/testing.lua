-- Assertions for the SDK's unit tests (run.lua). Each raises an error at the caller's line that
-- says what was expected and what came.

local M = {}

local function show(value, depth)
  depth = depth or 0
  if type(value) == "string" then
    return string.format("%q", value)
  elseif type(value) ~= "table" or depth > 3 then
    return tostring(value)
  end
  local keys = {}
  for key in pairs(value) do
    keys[#keys + 1] = key
  end
  table.sort(keys, function(a, b)
    return tostring(a) < tostring(b)
  end)
  local parts = {}
  for _, key in ipairs(keys) do
    parts[#parts + 1] = tostring(key) .. " = " .. show(value[key], depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then
    return a == b
  end
  for key, value in pairs(a) do
    if not same(value, b[key]) then
      return false
    end
  end
  for key in pairs(b) do
    if a[key] == nil then
      return false
    end
  end
  return true
end

--- `actual` equals `expected` (tables compared member by member).
function M.equal(actual, expected, what)
  if not same(actual, expected) then
    error(string.format("%s: expected %s, got %s", what or "value", show(expected), show(actual)), 2)
  end
end

--- `actual` is within `tolerance` (default 1e-9) of `expected`.
function M.near(actual, expected, what, tolerance)
  if type(actual) ~= "number" or math.abs(actual - expected) > (tolerance or 1e-9) then
    error(string.format("%s: expected %s, got %s", what or "value", show(expected), show(actual)), 2)
  end
end

--- Calling `fn` raises an error whose message contains `text` (plain text, not a pattern).
function M.fails(fn, text, what)
  local ok, message = pcall(fn)
  if ok then
    error(string.format("%s: expected an error with %q, got none", what or "call", text), 2)
  elseif not tostring(message):find(text, 1, true) then
    error(string.format("%s: expected an error with %q, got %q", what or "call", text, tostring(message)), 2)
  end
end

--- A stand-in controller that records each call (`calls[i] = {name, …arguments}`), for modules
--- that take the controller as a parameter. createAdBreak and createAd return new tables.
function M.recordingController()
  local controller = { calls = {} }
  local function record(name)
    return function(_, ...)
      controller.calls[#controller.calls + 1] = { name, ... }
      if name == "createAdBreak" then
        return { init = ... }
      elseif name == "createAd" then
        return { id = (...).id, init = ... }
      end
    end
  end
  for _, name in ipairs({
    "createAdBreak", "updateAdBreak", "removeAdBreak", "createAd", "updateAd", "removeAd", "beginAd",
    "updateAdProgress",
    "endAd", "skipAd", "removeAllAds", "error", "fatalError",
  }) do
    controller[name] = record(name)
  end
  --- The names of the calls made, in order.
  function controller.names()
    local names = {}
    for index, call in ipairs(controller.calls) do
      names[index] = call[1]
    end
    return names
  end
  return controller
end

return M
