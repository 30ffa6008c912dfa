-- MediaTailor's client-side tracking answers (`GET trackingUrl`) read into a stitched session
-- (adhost.stitched): each avail a break keyed by `availId`, each ad an ad keyed by `adId`,
-- each tracking event's `beaconUrls` sent at its `startTimeInSeconds`. Reading the same avail
-- again (a live avail growing between polls) updates it. See docs/mediatailor.md.

local M = {}

--- "HH:MM:SS(.mmm)", seconds, or "N%" of the ad's duration → seconds; -1 when not skippable.
function M.skipOffsetSeconds(value, duration)
  if type(value) == "number" then
    return value >= 0 and value or -1
  end
  if type(value) ~= "string" then
    return -1
  end
  local percent = value:match("^(%d+%.?%d*)%%$")
  if percent then
    return duration * tonumber(percent) / 100
  end
  local hours, minutes, seconds = value:match("^(%d+):(%d%d):(%d%d%.?%d*)$")
  if hours then
    return tonumber(hours) * 3600 + tonumber(minutes) * 60 + tonumber(seconds)
  end
  local plain = tonumber(value)
  return plain and plain >= 0 and plain or -1
end

local function number(value)
  return type(value) == "number" and value == value and value ~= math.huge and value or nil
end

local function trackingEvents(list, prefix)
  local events = {}
  for index, event in ipairs(type(list) == "table" and list or {}) do
    local time = type(event) == "table" and number(event.startTimeInSeconds)
    if time and type(event.eventType) == "string" then
      local urls = {}
      for _, beaconUrl in ipairs(type(event.beaconUrls) == "table" and event.beaconUrls or {}) do
        if type(beaconUrl) == "string" then
          urls[#urls + 1] = beaconUrl
        end
      end
      local id = type(event.eventId) == "string" and event.eventId or string.format("%s#%d", prefix, index)
      events[#events + 1] = { id = prefix .. "/" .. id, name = event.eventType, time = time, urls = urls }
    end
  end
  return events
end

local function isTable(value)
  return type(value) == "table"
end

local function text(value)
  return type(value) == "string" and value ~= "" and value or nil
end

local function readAd(session, entry, availId, adIndex, adData, report)
  local adStart = isTable(adData) and number(adData.startTimeInSeconds)
  local adDuration = isTable(adData) and number(adData.durationInSeconds)
  if not (adStart and adDuration) then
    report(string.format("avail %q: ads[%d] lacks startTimeInSeconds or durationInSeconds", availId,
      adIndex - 1))
    return
  end
  local adId = text(adData.adId) or string.format("%s-%d", availId, adIndex)
  session:upsertAd(entry, adId, {
    startTime = adStart,
    duration = adDuration,
    skipOffset = M.skipOffsetSeconds(adData.skipOffset, adDuration),
    events = trackingEvents(adData.trackingEvents, adId),
    init = { creativeId = text(adData.creativeId), adSystem = text(adData.adSystem) },
  })
end

--- Creates or updates the breaks and ads of one decoded tracking answer in `session`, then
--- brings them up to the playhead. `report(message)` gets each part that cannot be read.
function M.apply(session, data, report)
  for availIndex, avail in ipairs(isTable(data.avails) and data.avails or {}) do
    local start = isTable(avail) and number(avail.startTimeInSeconds)
    local duration = isTable(avail) and number(avail.durationInSeconds)
    local availId = isTable(avail) and text(avail.availId)
    if not (availId and start and duration) then
      report(string.format("avails[%d] lacks availId, startTimeInSeconds or durationInSeconds",
        availIndex - 1))
    else
      local entry = session:upsertBreak(availId, {
        startTime = start,
        duration = duration,
        events = trackingEvents(avail.adBreakTrackingEvents, availId),
        customData = { availId = availId },
      })
      for adIndex, adData in ipairs(entry and isTable(avail.ads) and avail.ads or {}) do
        readAd(session, entry, availId, adIndex, adData, report)
      end
    end
  end
  session:drive()
end

return M
