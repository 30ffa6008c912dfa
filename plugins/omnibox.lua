-- OMNIBOX direct ads: in-stream VAST from OMNIBOX's direct endpoint, played client-side.
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription:
--   integration = "omnibox"   (or the iOS form: integration = "custom", customIntegration = "omnibox")
--   placement   the OMNIBOX placement ID (`plc`), required
--   width       the video slot's width in pixels (`w`), default 640
--   height      the video slot's height in pixels (`h`), default 360
--   midrolls    offsets of mid-roll breaks: seconds, "HH:MM:SS", "N%" or "end"; default none
--   endpoint    default https://omnibox.digital/ads/direct
--   timeout     seconds allowed for each VAST request; default the host's
--
-- Each break gets its own ad request, `endpoint?cb=…&h=…&plc=…&t=app&w=…` (`t=app` asks for VAST
-- with MP4 media, `cb` is a Unix timestamp that defeats caches). The pre-roll's request is made
-- in setSource, so the content waits for it (never starting before its pre-roll); the other
-- breaks' right after, while the content plays (adhost.vastads).
--
-- A configuration error (no placement, a bad offset) fails setSource, which THEOplayer's SSAI
-- rules make a fatal player error: the source is wrong, and playing it without its ads would
-- hide that. A request that brings no ad is a non-fatal `aderror`, and the content plays.

local config = require("adhost.config")
local integration = require("adhost.vastads")
local offset = require("adhost.offset")

local INTEGRATION = "omnibox"
local DEFAULT_ENDPOINT = "https://omnibox.digital/ads/direct"

-- The direct endpoint's ad request for in-stream VAST.
local function adRequestUrl(settings)
  local separator = settings.endpoint:find("?", 1, true) and "&" or "?"
  return settings.endpoint .. separator .. url.query({
    plc = settings.placement,
    w = tostring(settings.width),
    h = tostring(settings.height),
    t = "app",
    cb = tostring(os.time()),
  })
end

local function readSettings(ssai)
  local settings = {
    placement = ssai:requiredString("placement", "the OMNIBOX placement ID, sent as plc"),
    width = ssai:positiveInteger("width", 640),
    height = ssai:positiveInteger("height", 360),
    endpoint = ssai:string("endpoint", DEFAULT_ENDPOINT),
    timeout = ssai:positiveNumber("timeout", nil),
    breaks = {},
  }
  if not settings.endpoint:match("^https?://[^/?#]") then
    ssai:fail("endpoint", "an http(s) URL")
  end
  local function request()
    return adRequestUrl(settings)
  end
  settings.breaks[1] = { offset = { kind = "start", value = 0 }, name = "pre-roll", tag = request }
  local midrolls = ssai:list("midrolls")
  for index, value in ipairs(midrolls) do
    local parsed, expectation = offset.parse(value)
    if not parsed then
      config.reader(midrolls, ssai:pathOf("midrolls")):fail(index, expectation)
    end
    settings.breaks[#settings.breaks + 1] = {
      offset = parsed,
      name = parsed.kind == "end" and "post-roll" or ("mid-roll at " .. offset.describe(parsed)),
      tag = request,
    }
  end
  return settings
end

local function describe(settings)
  return string.format("%s: placement %q, slot %dx%d, %d break(s)", INTEGRATION, settings.placement,
    settings.width, settings.height, #settings.breaks)
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return integration.handler(controller, INTEGRATION, readSettings, describe)
end)

-- Display placements (banner, interstitial): plugins/lib/omniboxdisplay.lua.
local display = require("lib.omniboxdisplay")
webview.registerPlacement(INTEGRATION, display.show)
