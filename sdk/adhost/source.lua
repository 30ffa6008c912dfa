-- A SourceDescription rewritten to play what a session answered with: the stream an SSAI
-- integration's setSource returns once its server has given the URL to play (a stitched
-- manifest, a session's play URL).
--
--   local ssai, typed = config.find(source, "myintegration")
--   …
--   return adsource.withPlayUrl(source, typed, answer.playURL)

local config = require("adhost.config")

local M = {}

M.HLS = "application/x-mpegurl"
M.DASH = "application/dash+xml"

--- The type of a play URL: DASH when its path ends in `.mpd`, HLS otherwise.
function M.typeOf(playUrl)
  local path = type(playUrl) == "string" and playUrl:match("^[^?#]*") or ""
  return path:lower():match("%.mpd$") and M.DASH or M.HLS
end

local function shallowCopy(value)
  local copy = {}
  for key, member in pairs(value) do
    copy[key] = member
  end
  return copy
end

--- A copy of `source` whose typed source `typed` (one of its `sources`, as `config.find`
--- returns it) plays `playUrl` with the type `sourceType` (default `M.typeOf(playUrl)`). The
--- other typed sources and fields are shared, not copied; `source` itself is not changed.
function M.withPlayUrl(source, typed, playUrl, sourceType)
  if type(playUrl) ~= "string" or playUrl == "" then
    local got = playUrl == "" and "an empty string" or type(playUrl)
    error("withPlayUrl: expected the URL to play, got " .. got, 2)
  end
  local copy = shallowCopy(source)
  copy.sources = {}
  local found = false
  for index, each in ipairs(config.typedSources(source)) do
    if each == typed then
      local replaced = shallowCopy(each)
      replaced.src = playUrl
      replaced.type = sourceType or M.typeOf(playUrl)
      copy.sources[index] = replaced
      found = true
    else
      copy.sources[index] = each
    end
  end
  if not found then
    error("withPlayUrl: the typed source is not one of source.sources", 2)
  end
  return copy
end

return M
