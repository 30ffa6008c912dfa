---@meta adhost.source
-- LuaLS annotations of `require("adhost.source")` (sdk/adhost/source.lua).

---@class adhost.source
---@field HLS string "application/x-mpegurl"
---@field DASH string "application/dash+xml"
local source = {}

--- DASH when the URL's path ends in `.mpd`, HLS otherwise.
---@param playUrl string
---@return string
function source.typeOf(playUrl) end

--- A copy of `description` whose typed source `typed` plays `playUrl` (typed `sourceType`, default
--- `typeOf(playUrl)`): what setSource returns once a session has answered. Raises on a missing
--- URL or a typed source that is not one of `description.sources`.
---@param description adhost.SourceDescription
---@param typed adhost.TypedSource
---@param playUrl string
---@param sourceType? string
---@return adhost.SourceDescription
function source.withPlayUrl(description, typed, playUrl, sourceType) end

return source
