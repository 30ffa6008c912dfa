-- What the sessions of adhost.clientside and adhost.stitched share: player listeners removed
-- together when the session closes, timers cancelled safely, and controller calls whose
-- failure is a non-fatal `aderror` rather than the end of the session.

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
    player:addEventListener(eventType, fn)
    self.listeners[#self.listeners + 1] = { type = eventType, fn = fn }
  end

  --- Removes every listener the session added.
  function Session:stopListening()
    for _, listener in ipairs(self.listeners) do
      player:removeEventListener(listener.type, listener.fn)
    end
    self.listeners = {}
  end

  --- Runs a controller call; a failure is a non-fatal `aderror`, and the session goes on.
  function Session:try(what, fn)
    local ok, message = pcall(fn)
    if not ok then
      local text = string.format("%s failed: %s", what, tostring(message))
      log.error(text)
      self.controller:error(text)
    end
    return ok
  end
end

return M
