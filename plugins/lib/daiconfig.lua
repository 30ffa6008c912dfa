-- The `ssai` settings of a Google DAI source, as THEOplayer's DAI integration names them
-- (docs/dai.md#settings), read into the stream request to make: its URL and its form body.

local policies = require("adhost.policies")

local M = {}

M.DEFAULT_BASE = "https://dai.google.com"

-- adTagParameters: an object of names to strings (numbers and booleans are written as text).
local function parameters(ssai)
  local value = ssai:raw("adTagParameters")
  if value == nil then
    return {}
  end
  if type(value) ~= "table" or value[1] ~= nil then
    ssai:fail("adTagParameters", "an object of names to strings")
  end
  local out = {}
  for name, each in pairs(value) do
    local kind = type(each)
    if kind ~= "string" and kind ~= "number" and kind ~= "boolean" then
      ssai:fail("adTagParameters." .. tostring(name), "a string")
    end
    out[name] = tostring(each)
  end
  return out
end

local function availability(ssai)
  local given = ssai:string("availabilityType", nil)
  if given == nil then
    return ssai:raw("assetKey") ~= nil and "live" or "vod"
  end
  if given ~= "vod" and given ~= "live" then
    ssai:fail("availabilityType", '"vod" or "live"')
  end
  return given
end

--- The settings of `ssai` (an adhost.config reader) for the typed source `typed`: `streamUrl`,
--- `form` (name → value), `headers`, `live`, `policy`, `timeout`. Errors name the JSON path.
function M.read(ssai, typed)
  local live = availability(ssai) == "live"
  local base = ssai:string("baseUrl", M.DEFAULT_BASE):gsub("/+$", "")
  if not base:match("^https?://[^/?#]") then
    ssai:fail("baseUrl", "the DAI origin (http or https)")
  end
  local format = type(typed.type) == "string" and typed.type:lower() == "application/dash+xml" and "dash"
    or "hls"
  local streamUrl
  if live then
    local assetKey = ssai:requiredString("assetKey", "the live stream's asset key")
    streamUrl = string.format("%s/linear/v1/%s/event/%s/stream", base, format, url.encode(assetKey))
  else
    local cms = ssai:requiredString("contentSourceID", "the VOD stream's content source (CMS) id")
    local video = ssai:requiredString("videoID", "the VOD stream's video id")
    streamUrl = string.format("%s/ondemand/v1/%s/content/%s/vid/%s/stream", base, format, url.encode(cms),
      url.encode(video))
  end
  local form = parameters(ssai)
  local headers = { ["content-type"] = "application/x-www-form-urlencoded" }
  local apiKey = ssai:string("apiKey", nil)
  if apiKey and apiKey ~= "" then
    -- Google documents the header as the alternative to an `api-key` form field.
    headers.authorization = string.format('DCLKDAI key="%s"', apiKey)
  end
  local authToken = ssai:string("authToken", nil)
  if authToken and authToken ~= "" then
    form["auth-token"] = authToken
  end
  local monitor = ssai:string("streamActivityMonitorID", nil)
  if monitor and monitor ~= "" then
    form["dai-sam-id"] = monitor
  end
  local policy = policies.read(ssai)
  return {
    live = live,
    streamUrl = streamUrl,
    form = form,
    headers = headers,
    policy = policy,
    timeout = ssai:positiveNumber("timeout", nil),
  }
end

return M
