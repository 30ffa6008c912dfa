-- One source's run in an integration built on adhost.handler.ssai: the session it plays and
-- what ends with it (player listeners, clean-ups such as a poller's cancel). The handler makes
-- a run for each setSource and closes it when the source is replaced or reset, or the handler
-- destroyed; a plugin keeps what belongs to one source on its run, not in handler-wide state.

local sessionbase = require("_adhost.sessionbase")
local stitched = require("adhost.stitched")

local M = {}

local Run = {}
Run.__index = Run
sessionbase.install(Run) -- listen(eventType, fn), stopListening()

--- A run for `controller`; `services.player` stands for the global `player` (a test gives its own).
function M.new(controller, services)
  return setmetatable({
    controller = controller,
    player = services and services.player or player,
    listeners = {},
    cleanups = {},
    closed = false,
  }, Run)
end

--- Makes `session` the one this source plays (the handler's skipAd goes to its `skip`, and it
--- closes with the run); returns it.
function Run:begin(session)
  self.session = session
  return session
end

--- A session of adhost.stitched (`stitched.new(controller, options)`), begun as the one this
--- source plays.
function Run:stitched(options)
  return self:begin(stitched.new(self.controller, options))
end

--- Calls `fn` when the run closes: after its listeners are removed, before its session closes,
--- in the order given.
function Run:onClose(fn)
  self.cleanups[#self.cleanups + 1] = fn
end

--- Whether the run is still its source's: false once closed, so that an answer or a timer that
--- comes late for a replaced source does nothing.
function Run:isCurrent()
  return not self.closed
end

--- Ends the run: its listeners, its clean-ups, then its session. Closing again does nothing.
function Run:close()
  if self.closed then
    return
  end
  self.closed = true
  self:stopListening()
  for _, cleanup in ipairs(self.cleanups) do
    cleanup()
  end
  if self.session then
    self.session:close()
  end
end

return M
