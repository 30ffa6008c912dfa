---@meta adhost.handler
-- LuaLS annotations of `require("adhost.handler")` (sdk/adhost/handler.lua): the handler of an
-- integration that plays one session per source (plugins/interstitials.lua is built on `new`;
-- dai.lua, mediatailor.lua and uplynk.lua on `ssai`).

---@class adhost.HandlerSession
---@field skip fun(self: adhost.HandlerSession, ad: adhost.Ad) Skips `ad` if it may.

---@class adhost.RunSession: adhost.HandlerSession
---@field close fun(self: adhost.RunSession) Stops it (the run closes it).

---@class adhost.SourceRun What belongs to one source of a `handler.ssai` integration, ended with it.
---@field session adhost.RunSession? The session the source plays (skipAd goes to it), once made.
local SourceRun = {}

--- An adhost.stitched session (`stitched.new(controller, options)`), made the run's session.
---@param options? adhost.StitchedServices|{policy?: adhost.Policy}
---@return adhost.StitchedSession
function SourceRun:stitched(options) end

--- Makes `session` the run's session (skipAd goes to it; it closes with the run); returns it.
---@generic S: adhost.RunSession
---@param session S
---@return S
function SourceRun:begin(session) end

--- A player listener, removed when the run closes.
---@param eventType string
---@param fn fun(event: table)
function SourceRun:listen(eventType, fn) end

--- A clean-up, called when the run closes (after its listeners are removed, before its session
--- closes), in the order given.
---@param fn fun()
function SourceRun:onClose(fn) end

--- False once the run closed: an answer or a timer that comes late for a replaced source checks it.
---@return boolean
function SourceRun:isCurrent() end

---@class adhost.HandlerServices The host's services `handler.ssai` uses; default the globals.
---@field player? adhost.Player
---@field log? adhost.log

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

--- The handler of the SSAI integration `integration`, one run per source: setSource finds the
--- source's `ssai` configuration for it (none: answers false), closes the previous source's run
--- and calls `start` with a new run; skipAd goes to the run's session; resetSource closes the run
--- and removes every ad; destroy closes it.
---@param controller adhost.ServerSideAdIntegrationController
---@param integration string
---@param start fun(run: adhost.SourceRun, ssai: adhost.ConfigReader, typed: adhost.TypedSource, source: adhost.SourceDescription): adhost.SourceDescription|boolean|nil
---@param services? adhost.HandlerServices
---@return adhost.ServerSideAdIntegrationHandler
function handler.ssai(controller, integration, start, services) end

return handler
