-- The handler of an integration that plays one session per source: setSource closes the
-- session of the previous source before starting its own; skipAd goes to the session playing;
-- resetSource closes it and removes every ad; destroy closes it. plugins/uplynk.lua,
-- mediatailor.lua and interstitials.lua are built on it.

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

return M
