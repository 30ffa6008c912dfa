-- The handler of a client-side VAST integration: what omnibox.lua and vast.lua share. The
-- integration gives its id and how to read its SSAI configuration into settings; this module
-- loads the pre-rolls' VAST in setSource, so that the content waits for them (as THEOplayer and
-- the IMA SDK hold it for a pre-roll), and the other breaks' right after, while the content
-- plays (a slow mid-roll tag does not hold the content), and plays them with adhost.clientside.
--
-- settings = {
--   width, height,   the slot, for choosing media files
--   timeout,         seconds per VAST request (nil: the host's)
--   breaks = { { offset = <adhost.offset>, name = "pre-roll", tag = "https://…" or function() } },
-- }
-- A break's `tag` may be a function that builds the request URL when it is made (cache busters).

local clientside = require("adhost.clientside")
local config = require("adhost.config")
local handler = require("adhost.handler")
local offset = require("adhost.offset")

local M = {}

--- The handler table for `integration`; `readSettings(ssai)` raises on a configuration error
--- (which fails setSource: fatal), `describe(settings)` optionally returns a line to log.
--- `services` are the host's services it uses: `player`, `timer`, `log`, and what
--- adhost.clientside takes (`vast`, `clientside`); each defaults to the global of the same name
--- (a test gives its own). The handler is adhost.handler's: setSource closes the previous
--- source's session, skipAd goes to the session playing, resetSource and destroy close it.
function M.handler(controller, integration, readSettings, describe, services)
  services = services or {}
  local player, timer, log = services.player or player, services.timer or timer, services.log or log
  local session

  local function closeSession()
    if session then
      session:close()
      session = nil
    end
  end

  local function loadBreaks(current, specs, settings)
    for _, spec in ipairs(specs) do
      local where = string.format("%s %s", integration, spec.name)
      local tag = type(spec.tag) == "function" and spec.tag() or spec.tag
      if not current:loadBreak(where, tag, spec.offset, { timeout = settings.timeout }) then
        log.info(integration .. ": the source was replaced while its ads were loading")
        return false
      end
    end
    return true
  end

  -- The pre-rolls (offset 0), which the content waits for, and the other breaks.
  local function split(breaks)
    local preRolls, others = {}, {}
    for _, spec in ipairs(breaks) do
      local atStart = not offset.needsDuration(spec.offset) and offset.resolve(spec.offset) == 0
      local list = atStart and preRolls or others
      list[#list + 1] = spec
    end
    return preRolls, others
  end

  -- Loads the other breaks while the content plays; a break whose offset needs the content's
  -- duration is placed at once when the content has started (else when it starts).
  local function loadLater(current, specs, settings)
    timer.after(0, function()
      if current.closed or not loadBreaks(current, specs, settings) then
        return
      end
      if not player.paused or player.currentTime > 0 then
        current:placeDeferredBreaks()
      end
    end)
  end

  return handler.new(controller, {
    integration = integration,
    log = log,
    close = closeSession,
    current = function()
      return session
    end,
    setSource = function(source)
      local ssai = config.find(source, integration)
      if not ssai then
        return false
      end
      local settings = readSettings(ssai)
      if describe then
        log.info(describe(settings))
      end
      local current = clientside.new(controller, { width = settings.width, height = settings.height,
        log = log, vast = services.vast, clientside = services.clientside })
      session = current
      local preRolls, others = split(settings.breaks)
      if not loadBreaks(current, preRolls, settings) then
        return false
      end
      if #others == 0 and current:isEmpty() then
        log.warn(integration .. ": no ad to play; the content plays without ads")
        closeSession()
        return true
      end
      current:attach()
      if #others > 0 then
        loadLater(current, others, settings)
      end
      return true
    end,
  })
end

return M
