-- Reads an integration's SSAI configuration out of a SourceDescription.
-- Errors name the JSON path as source.json spells it (0-based, like the player's own decoding
-- errors: `sources[0].ssai.placement`) and say what was expected.

local M = {}

local function describe(value)
  local kind = type(value)
  if kind == "string" then
    return string.format("the string %q", value)
  elseif kind == "number" or kind == "boolean" then
    return string.format("%s %s", kind, tostring(value))
  end
  return kind
end

local function fail(path, expectation, value)
  error(string.format("%s: expected %s, found %s", path, expectation, describe(value)), 0)
end

-- `sources` may be one TypedSource or a list of them.
local function typedSources(source)
  local sources = type(source) == "table" and source.sources or nil
  if type(sources) ~= "table" then
    return {}
  end
  if sources[1] == nil and (sources.src ~= nil or sources.ssai ~= nil) then
    return { sources }
  end
  return sources
end

local function names(ssai, integrationId)
  return ssai.integration == integrationId or ssai.customIntegration == integrationId
end

--- The `ssai` table of the first typed source that names `integrationId`, either as
--- `integration` (Web form) or `customIntegration` (iOS form), and a reader for it; nil if none.
function M.find(source, integrationId)
  for index, typed in ipairs(typedSources(source)) do
    local ssai = type(typed) == "table" and typed.ssai or nil
    if type(ssai) == "table" and names(ssai, integrationId) then
      return M.reader(ssai, string.format("sources[%d].ssai", index - 1)), typed
    end
  end
  return nil
end

local Reader = {}
Reader.__index = Reader

--- A reader of the table `value` found at JSON path `path`.
function M.reader(value, path)
  return setmetatable({ value = value, path = path }, Reader)
end

function Reader:pathOf(name)
  if type(name) == "number" then
    return string.format("%s[%d]", self.path, name - 1)
  end
  return self.path .. "." .. name
end

function Reader:raw(name)
  return self.value[name]
end

--- A string member; `default` when absent.
function Reader:string(name, default)
  local value = self.value[name]
  if value == nil then
    return default
  end
  if type(value) ~= "string" then
    fail(self:pathOf(name), "a string", value)
  end
  return value
end

--- A non-empty string member; `purpose` says what it is for when it is missing.
function Reader:requiredString(name, purpose)
  local value = self.value[name]
  if value == nil then
    error(string.format("%s is required: %s", self:pathOf(name), purpose), 0)
  end
  if type(value) ~= "string" or value == "" then
    fail(self:pathOf(name), "a non-empty string", value)
  end
  return value
end

--- A whole number ≥ 1; `default` when absent.
function Reader:positiveInteger(name, default)
  local value = self.value[name]
  if value == nil then
    return default
  end
  local integer = math.type(value) and math.tointeger(value)
  if not integer or integer < 1 then
    fail(self:pathOf(name), "a whole number ≥ 1", value)
  end
  return integer
end

--- A number of seconds > 0; `default` when absent.
function Reader:positiveNumber(name, default)
  local value = self.value[name]
  if value == nil then
    return default
  end
  if type(value) ~= "number" or value ~= value or value <= 0 or value == math.huge then
    fail(self:pathOf(name), "a number > 0", value)
  end
  return value
end

--- A list member (the list itself); `{}` when absent.
function Reader:list(name)
  local value = self.value[name]
  if value == nil then
    return {}
  end
  if type(value) ~= "table" or (next(value) ~= nil and value[1] == nil) then
    fail(self:pathOf(name), "a list", value)
  end
  return value
end

--- A reader of the table at `name` (a member name or a 1-based list index).
function Reader:child(name)
  local value = self.value[name]
  if type(value) ~= "table" then
    fail(self:pathOf(name), "an object", value)
  end
  return M.reader(value, self:pathOf(name))
end

--- Fails with `expectation` for the member `name`.
function Reader:fail(name, expectation)
  fail(self:pathOf(name), expectation, self.value[name])
end

--- The typed sources of a SourceDescription as a list (`sources` may be one object).
M.typedSources = typedSources

return M
