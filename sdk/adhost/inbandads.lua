-- Ads stitched into the content whose place comes from tags inside the media (adhost.inbandtags:
-- Yospace's YMID, YSEQ, YTYP, YDUR) and whose description comes from the service (its analytics:
-- duration, tracking URLs, break). Each tag names its ad by YMID and says where the ad starts;
-- the ad is put into an adhost.stitched session then, with its quartile events at their content
-- times. A tag whose YMID the service does not describe yet is held, and placed by `refresh`
-- once it does (live analytics can come after the first tags). Tags of one ad — every segment's,
-- repeated ones too — are one ad: one occurrence per YMID and span of content time.
--
--   local ads = inbandads.new(session, {
--     segmentDuration = 2,                 -- or a function returning it
--     describe = function(ymid) return {duration = 10, breakKey = "b1", urls = {impression = {…}, …}} end,
--   })
--   ads:tag(fields, time)                  -- a complete tag at content time `time`
--   ads:refresh()                          -- after the service's description changed

local inbandtags = require("adhost.inbandtags")
local tracking = require("adhost.tracking")

local M = {}

local Ads = {}
Ads.__index = Ads

--- Ads placed from tags into `session` (adhost.stitched). `options`:
---   describe(ymid)    the ad the tags name, or nil while unknown: `{duration =, breakKey =,
---                     urls = {eventName = {url, …}}, skipOffset =, init =, breakData =}`
---                     (`breakKey` groups ads into one break; default one break per ad)
---   segmentDuration   seconds of each segment of an ad (YSEQ counts them), or a function
---                     returning them; nil (or a nil answer): the described ad's duration over
---                     YSEQ's T, and a tag of an ad not described yet cannot be placed
---   log               where holding a tag is logged; default the global `log`
function M.new(session, options)
  return setmetatable({
    session = session,
    describe = options.describe,
    segmentDuration = options.segmentDuration,
    log = options.log or log,
    byYmid = {}, -- YMID → its occurrences, by start
    held = {}, -- occurrences not placed yet, in the order their first tag came
    breaks = {}, -- break key → {startTime =, endTime =}
  }, Ads)
end

-- The seconds of each of the ad's segments: the option's, else (nil: a DASH stream, no target
-- duration) the described ad's duration split evenly over YSEQ's T; nil while neither is known.
function Ads:segmentSeconds(fields)
  local seconds = self.segmentDuration
  if type(seconds) == "function" then
    seconds = seconds()
  end
  if seconds then
    return seconds
  end
  local ad = self.describe(fields.YMID)
  local _, count = inbandtags.parseSequence(fields.YSEQ)
  return ad and count and ad.duration / count or nil
end

-- The occurrence of the ad a placed tag belongs to: an earlier one of its YMID whose span
-- (a segment's slack each side) holds the tag, else a new one.
function Ads:occurrence(place, segment)
  local list = self.byYmid[place.ymid]
  if not list then
    list = {}
    self.byYmid[place.ymid] = list
  end
  for _, occurrence in ipairs(list) do
    local last = occurrence.adStart + occurrence.count * segment
    if place.time >= occurrence.adStart - segment and place.time <= last + segment then
      occurrence.tags = occurrence.tags + 1
      return occurrence
    end
  end
  local occurrence = {
    ymid = place.ymid, key = #list == 0 and place.ymid or string.format("%s#%d", place.ymid, #list + 1),
    adStart = place.adStart, count = place.count, csp = place.csp, tags = 1, placed = false,
  }
  list[#list + 1] = occurrence
  return occurrence
end

-- The ad's quartile events from its URLs, at their content times (before 0 too: an ad that
-- started before the stream's first segment).
local function events(key, adStart, duration, urls)
  local list = tracking.quartileEvents(key, 0, duration, urls)
  for _, event in ipairs(list) do
    event.time = event.time + adStart
  end
  return list
end

-- Puts the occurrence's ad into the session when the service describes it; returns whether.
function Ads:place(occurrence)
  local ad = self.describe(occurrence.ymid)
  if not ad then
    if not occurrence.held then
      occurrence.held = true
      self.held[#self.held + 1] = occurrence
      self.log.info(string.format("tag of ad %q at %g s held: not described yet", occurrence.ymid,
        occurrence.adStart))
    end
    return false
  end
  occurrence.placed = true
  local adEnd = occurrence.adStart + ad.duration
  local breakKey = ad.breakKey or occurrence.key
  local span = self.breaks[breakKey]
  if not span then
    span = { startTime = math.max(0, occurrence.adStart), endTime = adEnd }
    self.breaks[breakKey] = span
  else
    span.endTime = math.max(span.endTime, adEnd)
  end
  local entry = self.session:upsertBreak(breakKey, {
    startTime = span.startTime, duration = span.endTime - span.startTime, customData = ad.breakData,
  })
  if entry then
    local init = { customData = { ymid = occurrence.ymid, csp = occurrence.csp } }
    for name, value in pairs(ad.init or {}) do
      init[name] = value
    end
    self.session:upsertAd(entry, occurrence.key, {
      startTime = occurrence.adStart, duration = ad.duration, skipOffset = ad.skipOffset or -1,
      events = events(occurrence.key, occurrence.adStart, ad.duration, ad.urls), init = init,
    })
  end
  return true
end

--- A complete tag (adhost.inbandtags fields) at content time `time`: its ad is placed (or held,
--- or already known). Returns the ad's occurrence `{ymid =, key =, adStart =, placed =, …}`, or
--- nil and what is wrong with the tag.
function Ads:tag(fields, time)
  local segment = self:segmentSeconds(fields)
  if not segment then
    return nil, "the segment duration is unknown until the ad is described"
  end
  local place, problem = inbandtags.placement(fields, time, segment)
  if not place then
    return nil, problem
  end
  local occurrence = self:occurrence(place, segment)
  if not occurrence.placed and self:place(occurrence) then
    self.session:drive()
  end
  return occurrence
end

--- Places the held tags' ads the service now describes (after a poll); returns how many.
function Ads:refresh()
  local placed, still = 0, {}
  for _, occurrence in ipairs(self.held) do
    if self:place(occurrence) then
      placed = placed + 1
    else
      still[#still + 1] = occurrence
    end
  end
  self.held = still
  if placed > 0 then
    self.session:drive()
  end
  return placed
end

return M
