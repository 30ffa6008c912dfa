---@meta adhost.clientside
-- LuaLS annotations of `require("adhost.clientside")` (sdk/adhost/clientside.lua): VAST ad breaks
-- played client-side (the content pauses, the ads play with native VAST tracking, it resumes), by
-- the host's client-side engine (`clientside.engine`, types/adhost.lua).

---@class adhost.ClientSideSession
---@field closed boolean
local Session = {}

--- Loads the VAST at `tagUrl` and schedules its ads at `parsedOffset`; `where` names the break in
--- logs. Returns false when the session was closed while the request was out.
---@param where string
---@param tagUrl string
---@param parsedOffset adhost.Offset
---@param vastOptions? table Options of vast.load (`timeout`).
---@return boolean
function Session:loadBreak(where, tagUrl, parsedOffset, vastOptions) end

--- Places the breaks whose offset needed the content's duration (`end`, `N%`).
function Session:placeDeferredBreaks() end

--- Starts following the playhead.
function Session:attach() end

--- Stops its timers and listeners; the ads stay.
function Session:close() end

--- A handler's skipAd: skips `ad` if it plays and its skip offset has passed.
---@param ad adhost.Ad
---@return boolean skipped
function Session:skip(ad) end

--- Whether the session has anything to play.
---@return boolean
function Session:isEmpty() end

---@class adhost.ClientSideServices The host's services a session uses; default the globals.
---@field log? adhost.log
---@field vast? adhost.vast
---@field clientside? adhost.clientsideHost Whose `engine` plays the breaks.

---@class adhost.ClientSideOptions: adhost.ClientSideServices
---@field width? integer The player size media files are chosen for.
---@field height? integer

---@class adhost.clientside
local clientside = {}

--- A session for one source.
---@param controller adhost.ServerSideAdIntegrationController
---@param options? adhost.ClientSideOptions
---@return adhost.ClientSideSession
function clientside.new(controller, options) end

return clientside
