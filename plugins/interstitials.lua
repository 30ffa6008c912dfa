-- HLS Interstitials (draft-pantos-hls-rfc8216bis, Appendix D): the host plays the
-- com.apple.hls.interstitial date ranges of the playlist itself (pausing the primary content,
-- loading asset lists just in time, resuming at X-RESUME-OFFSET); this integration reports each
-- interstitial as a THEOplayer ad break and each asset as an ad, with native VAST tracking for
-- assets whose asset-list entry names a VAST tag ("X-VAST-URI"). See docs/interstitials.md.
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription:
--   integration = "interstitials"   (or integration = "custom", customIntegration = "interstitials")
--   timeout     seconds allowed for each VAST request; default the host's
--
-- Skipping an interstitial's ad skips the interstitial when its skip control allows
-- (X-SKIP-CONTROL-OFFSET/-DURATION, or the asset list's SKIP-CONTROL); else a log.warn.

local handler = require("adhost.handler")
local interstitialads = require("adhost.interstitials")

player.ads:registerServerSideIntegration("interstitials", function(controller)
  local session
  local function close()
    if session then
      session:close()
      session = nil
    end
  end
  return handler.new(controller, {
    close = close,
    current = function()
      return session
    end,
    setSource = function(source)
      local ssai = source.sources[1] and source.sources[1].ssai or {}
      local timeout = ssai.timeout
      if timeout ~= nil and (type(timeout) ~= "number" or timeout <= 0) then
        error("sources[0].ssai.timeout: expected a number of seconds above 0", 0)
      end
      session = interstitialads.new(controller, { timeout = timeout })
      session:attach()
      return true
    end,
  })
end)
