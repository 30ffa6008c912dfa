---@meta adhost.inbandads
-- LuaLS annotations of `require("adhost.inbandads")` (sdk/adhost/inbandads.lua): ads placed into
-- an adhost.stitched session from in-band tags, described by the service.

---@class adhost.InbandAdDescription What the service says of the ad a YMID names.
---@field duration number Seconds.
---@field breakKey? string The break the ad belongs to; default a break of its own.
---@field urls? table<string, string[]> Tracking URLs by event: `impression`, `start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`.
---@field skipOffset? number Seconds; -1 (default) not skippable.
---@field init? adhost.AdInit More fields of the ad's createAd init.
---@field breakData? any The break's customData.

---@class adhost.InbandAdOptions
---@field describe fun(ymid: string): adhost.InbandAdDescription|nil nil while the service does not know it: the tag is held.
---@field segmentDuration? number|fun(): number|nil Seconds of each of an ad's segments (YSEQ counts them); nil: the described ad's duration over YSEQ's T.
---@field log? adhost.log

---@class adhost.InbandAdOccurrence One ad of one YMID over one span of content time.
---@field ymid string
---@field key string The stitched ad's key: the YMID, `YMID#2` for its second occurrence, ….
---@field adStart number Content seconds.
---@field count integer Its segments (YSEQ's T).
---@field tags integer The tags that named it.
---@field placed boolean

---@class adhost.InbandAds
local Ads = {}

--- A complete tag at content time `time`: its ad placed, held, or already known.
---@param fields adhost.InbandTagFields
---@param time number
---@return adhost.InbandAdOccurrence|nil
---@return string|nil problem
function Ads:tag(fields, time) end

--- Places the held tags' ads the service now describes; returns how many.
---@return integer
function Ads:refresh() end

---@class adhost.inbandads
local inbandads = {}

---@param session adhost.StitchedSession
---@param options adhost.InbandAdOptions
---@return adhost.InbandAds
function inbandads.new(session, options) end

return inbandads
