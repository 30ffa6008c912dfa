---@meta adhost.stitched
-- LuaLS annotations of `require("adhost.stitched")` (sdk/adhost/stitched.lua): ads stitched into
-- the content (SSAI), begun, progressed and ended as the playhead crosses them.

---@class adhost.StitchedEvent
---@field id string Seen again, the event is not added twice.
---@field name string The tracking event, as beacon.send names it.
---@field time number Content seconds.
---@field urls string[]

---@class adhost.StitchedBreakSpec
---@field startTime number
---@field duration number
---@field events? adhost.StitchedEvent[]
---@field customData? any

---@class adhost.StitchedAdSpec
---@field startTime number
---@field duration number
---@field skipOffset? number Seconds; -1 not skippable.
---@field events? adhost.StitchedEvent[]
---@field init? adhost.AdInit More fields of the ad's createAd init.

---@class adhost.StitchedBreakEntry
---@field key string
---@field adBreak adhost.AdBreak
---@field startTime number
---@field endTime number
---@field watched boolean

---@class adhost.StitchedServices The host's services a session uses; default the globals.
---@field player? adhost.Player
---@field timer? adhost.timer
---@field beacon? adhost.beacon
---@field log? adhost.log

---@alias adhost.StitchedState
---| "following" # follows the playhead
---| "jumped" # follows it; the playhead just moved by a seek (what it left part-way is not played to its end)
---| "userSeeking" # a user's seek, from `seeking` to `seeked`
---| "selfSeeking" # the session's own seek is under way
---| "closed" # closed: does nothing more

---@class adhost.StitchedSession
---@field state adhost.StitchedState Where the session is (read it; the session moves it).
local Session = {}

--- Creates the break `key` (createAdBreak) or updates it (updateAdBreak when it grew; new events).
---@param key string
---@param spec adhost.StitchedBreakSpec
---@return adhost.StitchedBreakEntry? entry nil after an aderror
function Session:upsertBreak(key, spec) end

--- Creates the ad `key` in a break (createAd, linear) or updates it (updateAd with what changed).
---@param entry adhost.StitchedBreakEntry
---@param key string
---@param spec adhost.StitchedAdSpec
function Session:upsertAd(entry, key, spec) end

--- The ad whose span holds content time `at`, or nil: what a tracking ping found in the stream
--- at `at` belongs to (`beacon.send(urls, event, { ad = session:adAt(t) })`).
---@param at number Content seconds.
---@return adhost.Ad|nil
function Session:adAt(at) end

--- Starts following the playhead (its player listeners): in setSource.
function Session:attach() end

--- Stops following the playhead: in resetSource and destroy. The ads stay.
function Session:close() end

--- Brings the ads up to the playhead now (after changing breaks outside a listener).
function Session:drive() end

--- A handler's skipAd: skips `ad` when it plays and has passed its skip offset.
---@param ad adhost.Ad
---@return boolean skipped
function Session:skip(ad) end

---@class adhost.stitched
local stitched = {}

--- A session for `controller`. `lateJoin = true`: an ad the playhead is already inside (a live
--- session joined mid-ad, an ad learnt of late) begins as a late join, `beginAd(ad, {at =})`,
--- its impression and start sent then and the events already past never. An ad's beacons go out
--- credited to it (`beacon.send(urls, name, {ad =})`).
---@param controller adhost.ServerSideAdIntegrationController
---@param options? adhost.StitchedServices|{policy?: adhost.Policy, lateJoin?: boolean}
---@return adhost.StitchedSession
function stitched.new(controller, options) end

return stitched
