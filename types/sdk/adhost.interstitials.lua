---@meta adhost.interstitials
-- LuaLS annotations of `require("adhost.interstitials")` (sdk/adhost/interstitials.lua): the
-- host's HLS Interstitials reported as ad breaks and ads (docs/interstitials.md).

---@class adhost.InterstitialsSession
local Session = {}

--- A handler's skipAd: asks the host to skip the interstitial (player:skipInterstitial()).
---@param ad adhost.Ad
function Session:skip(ad) end

--- Starts following the player's interstitial events.
function Session:attach() end

--- Stops following them.
function Session:close() end

---@class adhost.InterstitialsOptions The session's settings, and the host's services it uses
---(each defaults to the global of the same name; a test gives its own).
---@field timeout? number Seconds per VAST request of an X-VAST-URI asset.
---@field tracking? fun(event: table): table? Beacons of an asset list (see the module's header).
---@field player? adhost.Player
---@field timer? adhost.timer
---@field beacon? adhost.beacon
---@field log? adhost.log
---@field vast? adhost.vast

---@class adhost.interstitials
local interstitials = {}

---@param controller adhost.ServerSideAdIntegrationController
---@param options? adhost.InterstitialsOptions
---@return adhost.InterstitialsSession
function interstitials.new(controller, options) end

return interstitials
