-- The handler of an integration that plays one session per source: setSource closes the
-- session of the previous source before starting its own; skipAd goes to the session playing;
-- resetSource closes it and removes every ad; destroy closes it. plugins/interstitials.lua is
-- built on `new`; the SSAI integrations that start a session per source (plugins/dai.lua,
-- mediatailor.lua, uplynk.lua) on `ssai`, which also finds the source's configuration and keeps
-- each source's session, listeners and clean-ups in a run of its own.

local config = require("adhost.config")
local sourcerun = require("_adhost.sourcerun")

local M = {}

--- The handler for `controller`. `options`:
---   setSource(source)  starts the source's session (the previous one is closed already)
---   current()          the session playing now (its `skip(ad)` takes skipAd), or nil
---   close()            ends the session playing, if any
---   integration        names the integration in the warning of a skipAd without a session;
---                      nil: such a skipAd is ignored without a word
---   log                where that warning goes; default the global `log`
function M.new(controller, options)
  local close = options.close
  local logger = options.log or log
  return {
    setSource = function(source)
      close()
      return options.setSource(source)
    end,

    skipAd = function(ad)
      local session = options.current()
      if session then
        session:skip(ad)
      elseif options.integration then
        logger.warn(string.format("skip refused: %s has no session playing ad %q", options.integration,
          tostring(ad.id)))
      end
    end,

    resetSource = function()
      close()
      controller:removeAllAds()
    end,

    destroy = close,
  }
end

--- The handler of the SSAI integration `integration` for `controller`, one run per source:
--- setSource finds the source's `ssai` configuration for `integration` (adhost.config.find; a
--- source without one answers false), closes the previous source's run, and calls
--- `start(run, ssai, typed, source)`, whose answer is setSource's. The run (see
--- _adhost/sourcerun.lua) holds what belongs to that source: `run:stitched(options)` or
--- `run:begin(session)` makes the session that skipAd goes to, `run:listen(eventType, fn)` a
--- player listener and `run:onClose(fn)` a clean-up, both ended with the run, and
--- `run:isCurrent()` says whether the source is still the one playing. `services`: `player`
--- and `log`, by default the globals (a test gives its own).
function M.ssai(controller, integration, start, services)
  services = services or {}
  local current
  local function close()
    if current then
      current:close()
      current = nil
    end
  end
  return M.new(controller, {
    integration = integration,
    log = services.log,
    close = close,
    current = function()
      return current and current.session
    end,
    setSource = function(source)
      local ssai, typed = config.find(source, integration)
      if not ssai then
        return false
      end
      current = sourcerun.new(controller, services)
      return start(current, ssai, typed, source)
    end,
  })
end

return M
