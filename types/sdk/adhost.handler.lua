---@meta adhost.handler
-- LuaLS annotations of `require("adhost.handler")` (sdk/adhost/handler.lua): the handler of an
-- integration that plays one session per source (plugins/uplynk.lua, mediatailor.lua and
-- interstitials.lua are built on it).

---@class adhost.HandlerSession
---@field skip fun(self: adhost.HandlerSession, ad: adhost.Ad) Skips `ad` if it may.

---@class adhost.HandlerOptions
---@field setSource fun(source: adhost.SourceDescription): adhost.SourceDescription|boolean|nil Starts the source's session; the previous one is closed already.
---@field current fun(): adhost.HandlerSession? The session playing now, or nil.
---@field close fun() Ends the session playing, if any.
---@field integration? string Names the integration in the warning of a skipAd without a session; nil: such a skipAd is ignored without a word.
---@field log? adhost.log Where that warning goes; default the global `log`.

---@class adhost.handler
local handler = {}

--- The handler for `controller`: setSource closes the previous session, then calls
--- `options.setSource`; skipAd goes to `options.current()`'s `skip`; resetSource closes and
--- removes every ad (`controller:removeAllAds()`); destroy closes.
---@param controller adhost.ServerSideAdIntegrationController
---@param options adhost.HandlerOptions
---@return adhost.ServerSideAdIntegrationHandler
function handler.new(controller, options) end

return handler
