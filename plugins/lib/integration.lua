-- The handler of a client-side VAST integration: what omnibox.lua and vast.lua share. The
-- integration gives its id and how to read its SSAI configuration into settings; this module
-- loads every break's VAST in setSource and plays them with lib.clientside.
--
-- settings = {
--   width, height,   the slot, for choosing media files
--   timeout,         seconds per VAST request (nil: the host's)
--   breaks = { { offset = <lib.offset>, name = "pre-roll", tag = "https://…" or function() } },
-- }
-- A break's `tag` may be a function that builds the request URL when it is made (cache busters).

local clientside = require("lib.clientside")
local config = require("lib.config")

local M = {}

--- The handler table for `integration`; `readSettings(ssai)` raises on a configuration error
--- (which fails setSource: fatal), `describe(settings)` optionally returns a line to log.
function M.handler(controller, integration, readSettings, describe)
  local session

  local function closeSession()
    if session then
      session:close()
      session = nil
    end
  end

  local function loadBreaks(current, settings)
    for _, spec in ipairs(settings.breaks) do
      local where = string.format("%s %s", integration, spec.name)
      local tag = type(spec.tag) == "function" and spec.tag() or spec.tag
      if not current:loadBreak(where, tag, spec.offset, { timeout = settings.timeout }) then
        log.info(integration .. ": the source was replaced while its ads were loading")
        return false
      end
    end
    return true
  end

  return {
    setSource = function(source)
      closeSession()
      local ssai = config.find(source, integration)
      if not ssai then
        return false
      end
      local settings = readSettings(ssai)
      if describe then
        log.info(describe(settings))
      end
      local current = clientside.new(controller, { width = settings.width, height = settings.height })
      session = current
      if not loadBreaks(current, settings) then
        return false
      end
      if current:isEmpty() then
        log.warn(integration .. ": no ad to play; the content plays without ads")
        closeSession()
      else
        current:attach()
      end
      return true
    end,

    skipAd = function(ad)
      if not session then
        log.warn(string.format("skip refused: %s has no source playing ad %q", integration, tostring(ad.id)))
        return
      end
      session:skip(ad)
    end,

    resetSource = function()
      closeSession()
      controller:removeAllAds()
    end,

    destroy = closeSession,
  }
end

return M
