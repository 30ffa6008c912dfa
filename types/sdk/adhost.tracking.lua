---@meta adhost.tracking
-- LuaLS annotations of `require("adhost.tracking")` (sdk/adhost/tracking.lua).

---@class adhost.QuartileTimes Content seconds of each quartile event.
---@field start number
---@field firstQuartile number
---@field midpoint number
---@field thirdQuartile number
---@field complete number

---@class adhost.tracking
---@field QUARTILES string[] `start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`.
---@field SHARES table<string, number> How far into the ad each fires (`impression` with `start`).
local tracking = {}

--- The quartile times of an ad at `startTime` lasting `duration`; raises on a time that is no
--- finite number ≥ 0.
---@param startTime number
---@param duration number
---@return adhost.QuartileTimes
function tracking.quartileTimes(startTime, duration) end

--- adhost.stitched events (`id = key .. ":" .. name`) from tracking URLs by event name, in time
--- order, and the names that are no quartile event (sorted).
---@param key string
---@param startTime number
---@param duration number
---@param urlsByName table<string, string[]>
---@return adhost.StitchedEvent[] events
---@return string[] unknown
function tracking.quartileEvents(key, startTime, duration, urlsByName) end

return tracking
