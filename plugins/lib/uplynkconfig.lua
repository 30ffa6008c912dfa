-- Reads the `ssai` configuration of an Uplynk source (docs/uplynk.md) into settings, and builds
-- its Preplay v2 request URL, as THEOplayer's Uplynk connectors name and build them.
--
--   local settings = uplynkconfig.read(ssai)   -- ssai: an adhost.config reader
--   settings.preplayUrl  -- "https://content.uplynk.com/preplay/<id>.json?v=2&…"

local M = {}

M.DEFAULT_PREFIX = "https://content.uplynk.com"

-- skippedAdStrategy → adhost.policies' seekOver.
M.strategies = { playAll = "all", playLast = "last", playNone = "none" }

-- The Ping API's features (`ad.pingf`) by asset type, as THEOplayer's connectors choose them:
-- VOD may ask for ad impressions and FreeWheel video views, live for linear ad data only.
local function pingFeatures(assetType, ping)
  if assetType == "asset" then
    local value = (ping.adImpressions and 1 or 0) + (ping.freeWheelVideoViews and 2 or 0)
    return value > 0 and value or nil
  end
  return ping.linearAdData and 4 or nil
end

local function stringList(ssai, name)
  local value = ssai:raw(name)
  if value == nil then
    return {}
  end
  local list = type(value) == "string" and { value } or ssai:list(name)
  for _, each in ipairs(list) do
    if type(each) ~= "string" or each == "" or each:find("[/?#,%s]") then
      ssai:fail(name, "a list of ids (strings without / ? # , or spaces)")
    end
  end
  return list
end

-- A parameter object (name → string, number or boolean) as a sorted `name=value&…` query, or
-- a list of `[name, value]` pairs kept in their order (THEOplayer's iOS form).
local function parameters(ssai, name)
  local value = ssai:raw(name)
  if value == nil then
    return nil
  end
  if type(value) ~= "table" then
    ssai:fail(name, "an object of parameters, or a list of [name, value] pairs")
  end
  if value[1] == nil then
    for key, each in pairs(value) do
      local kind = type(each)
      if type(key) ~= "string" or (kind ~= "string" and kind ~= "number" and kind ~= "boolean") then
        ssai:fail(name, "an object whose values are strings, numbers or booleans")
      end
    end
    return next(value) and url.query(value) or nil
  end
  local parts = {}
  for _, pair in ipairs(value) do
    if type(pair) ~= "table" or type(pair[1]) ~= "string" or pair[2] == nil or pair[3] ~= nil then
      ssai:fail(name, "a list of [name, value] pairs")
    end
    parts[#parts + 1] = url.encode(pair[1]) .. "=" .. url.encode(tostring(pair[2]))
  end
  return #parts > 0 and table.concat(parts, "&") or nil
end

local function boolean(reader, name)
  local value = reader:raw(name)
  if value ~= nil and type(value) ~= "boolean" then
    reader:fail(name, "true or false")
  end
  return value == true
end

-- The asset path of the Preplay URL: `<id>.json`, `<id>,<id>/multiple.json`, or the same under
-- `ext/<userId>/` for external ids.
local function assetPath(ssai)
  local ids = stringList(ssai, "assetIds")
  if #ids == 0 then
    ids = stringList(ssai, "id")
  end
  local prefix = ""
  if #ids == 0 then
    ids = stringList(ssai, "externalIds")
    if #ids == 0 then
      ssai:fail("assetIds", "the asset ids to play (assetIds, id, or externalIds with userId)")
    end
    local userId = ssai:requiredString("userId", "the owner of the externalIds")
    if userId:find("[/?#%s]") then
      ssai:fail("userId", "a user id without / ? # or spaces")
    end
    prefix = "ext/" .. userId .. "/"
  end
  if #ids == 1 then
    return prefix .. ids[1] .. ".json"
  end
  return prefix .. table.concat(ids, ",") .. "/multiple.json"
end

local function skipOffset(ssai)
  local value = ssai:raw("defaultSkipOffset")
  if value == nil then
    return -1
  end
  if type(value) ~= "number" or value ~= value or value == math.huge or (value < 0 and value ~= -1) then
    ssai:fail("defaultSkipOffset", "seconds ≥ 0, or -1 (not skippable)")
  end
  return value
end

--- The settings of an `ssai` reader (adhost.config); raises, naming the JSON path, on a value
--- it cannot use.
function M.read(ssai)
  local prefix = ssai:string("prefix", M.DEFAULT_PREFIX):gsub("/+$", "")
  if not prefix:match("^https?://[^/?#]+") then
    ssai:fail("prefix", "the Uplynk origin (http or https), e.g. " .. M.DEFAULT_PREFIX)
  end
  local assetType = ssai:string("assetType", "asset")
  if assetType ~= "asset" and assetType ~= "channel" and assetType ~= "event" then
    ssai:fail("assetType", '"asset" (VOD), "channel" or "event" (live)')
  end
  local strategy = ssai:string("skippedAdStrategy", "playNone")
  if not M.strategies[strategy] then
    ssai:fail("skippedAdStrategy", '"playAll", "playLast" or "playNone"')
  end
  local ping = {}
  if ssai:raw("uplynkPingConfiguration") ~= nil then
    local reader = ssai:child("uplynkPingConfiguration")
    for _, name in ipairs({ "adImpressions", "freeWheelVideoViews", "linearAdData" }) do
      ping[name] = boolean(reader, name)
    end
  end
  local contentProtected = boolean(ssai, "contentProtected")
  local features = pingFeatures(assetType, ping)
  local query = { "v=2" }
  if contentProtected then
    query[#query + 1] = "manifest=m3u8&rmt=fps"
  end
  if features then
    query[#query + 1] = "ad.cping=1&ad.pingf=" .. features
  end
  query[#query + 1] = parameters(ssai, "preplayParameters")
  local path = assetType == "asset" and "" or assetType .. "/"
  return {
    prefix = prefix,
    assetType = assetType,
    preplayUrl = string.format("%s/preplay/%s%s?%s", prefix, path, assetPath(ssai), table.concat(query, "&")),
    playbackUrlParameters = parameters(ssai, "playbackUrlParameters"),
    ping = features ~= nil,
    skippedAdStrategy = strategy,
    seekOver = M.strategies[strategy],
    defaultSkipOffset = skipOffset(ssai),
    timeout = ssai:positiveNumber("timeout", nil),
  }
end

return M
