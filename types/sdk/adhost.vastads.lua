---@meta adhost.vastads
-- LuaLS annotations of `require("adhost.vastads")` (sdk/adhost/vastads.lua): the whole handler of
-- a client-side VAST integration (what plugins/vast.lua and plugins/omnibox.lua are built on).

---@class adhost.VastAdsBreak
---@field offset adhost.Offset
---@field name string Names the break in logs ("pre-roll").
---@field tag string|fun(): string The VAST tag URL, or a function building it when requested.

---@class adhost.VastAdsSettings
---@field width integer
---@field height integer
---@field timeout? number Seconds per VAST request.
---@field breaks adhost.VastAdsBreak[]

---@class adhost.VastAdsServices: adhost.ClientSideServices
---@field player? adhost.Player
---@field timer? adhost.timer
---@field log? adhost.log

---@class adhost.vastads
local vastads = {}

--- The handler for `integration`: pre-rolls load in setSource, the other breaks right after.
---@param controller adhost.ServerSideAdIntegrationController
---@param integration string
---@param readSettings fun(ssai: adhost.ConfigReader): adhost.VastAdsSettings Raises on a configuration error.
---@param describe? fun(settings: adhost.VastAdsSettings): string A line to log.
---@param services? adhost.VastAdsServices The host's services; default the globals.
---@return adhost.ServerSideAdIntegrationHandler
function vastads.handler(controller, integration, readSettings, describe, services) end

return vastads
