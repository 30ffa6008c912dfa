-- What a session of adhost.stitched is built on (the client-side one was, before it played
-- through the host's engine): player listeners removed together when the session closes,
-- timers cancelled safely, and controller calls whose failure is a non-fatal `aderror` rather
-- than the end of the session. A session's `player` and `log` fields, when it has them, stand
-- for the globals (adhost.stitched takes them as options).

local M = {}

--- Cancels a timer handle, if there is one.
function M.cancel(handle)
  if handle then
    handle:cancel()
  end
end

--- Adds the methods to a session class whose instances have `controller` and `listeners = {}`.
function M.install(Session)
  --- Listens to a player event until the session stops listening.
  function Session:listen(eventType, fn)
    local host = self.player or player
    host:addEventListener(eventType, fn)
    self.listeners[#self.listeners + 1] = { type = eventType, fn = fn }
  end

  --- Removes every listener the session added.
  function Session:stopListening()
    local host = self.player or player
    for _, listener in ipairs(self.listeners) do
      host:removeEventListener(listener.type, listener.fn)
    end
    self.listeners = {}
  end

  --- Runs a controller call; a failure is a non-fatal `aderror`, and the session goes on.
  function Session:try(what, fn)
    local ok, message = pcall(fn)
    if not ok then
      local text = string.format("%s failed: %s", what, tostring(message))
      local logger = self.log or log
      logger.error(text)
      self.controller:error(text)
    end
    return ok
  end
end

return M
