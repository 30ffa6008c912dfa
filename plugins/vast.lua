-- Generic VAST: plays the VAST tags its SSAI configuration names, at the offsets it names,
-- client-side (the content pauses, the ads play with native VAST tracking, the content resumes).
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription:
--   integration = "vast"   (or the iOS form: integration = "custom", customIntegration = "vast")
--   breaks      list of { offset = …, tag = "https://…" }, required; offset: seconds, "start",
--               "end", "HH:MM:SS(.mmm)" or "N%" of the content
--   width       the video slot's width in pixels, for choosing media files; default 640
--   height      the video slot's height in pixels; default 360
--   timeout     seconds allowed for each VAST request; default the host's
--
-- The pre-rolls' tags load in setSource (the content waits for them), the others right after,
-- while the content plays. Breaks at "end" or "N%" are placed once the content plays and its
-- duration is known; in live content they cannot be placed, which is a non-fatal `aderror`.
-- A configuration error fails setSource, which is fatal (see omnibox.lua for why).

local config = require("adhost.config")
local integration = require("adhost.vastads")
local offset = require("adhost.offset")

local INTEGRATION = "vast"

local function readBreak(breaks, index)
  local entry = breaks:child(index)
  local parsed, expectation = offset.parse(entry:raw("offset"))
  if not parsed then
    entry:fail("offset", expectation)
  end
  local tag = entry:requiredString("tag", "the URL of the break's VAST tag")
  if not tag:match("^https?://[^/?#]") then
    entry:fail("tag", "an http(s) URL")
  end
  return { offset = parsed, tag = tag, name = "break at " .. offset.describe(parsed) }
end

local function readSettings(ssai)
  local list = ssai:list("breaks")
  if #list == 0 then
    ssai:fail("breaks", "a list of at least one { offset, tag }")
  end
  local breaks = config.reader(list, ssai:pathOf("breaks"))
  local settings = {
    width = ssai:positiveInteger("width", 640),
    height = ssai:positiveInteger("height", 360),
    timeout = ssai:positiveNumber("timeout", nil),
    breaks = {},
  }
  for index = 1, #list do
    settings.breaks[index] = readBreak(breaks, index)
  end
  return settings
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return integration.handler(controller, INTEGRATION, readSettings)
end)
