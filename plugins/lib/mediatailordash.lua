-- MediaTailor's tracking answers for DASH sessions, put on the player's content timeline.
--
-- MediaTailor times a DASH session's avails, ads and tracking events relative to the session's
-- start on VOD and relative to `MPD@availabilityStartTime` on live; each ad is a Period of its
-- own whose `Period@id` is the ad's `adId` and whose start is the ad's `startTimeInSeconds`
-- (docs/mediatailor.md, "DASH"). The player's content time is presentation time less
-- `player.mpd.origin` (0 on VOD; on live the presentation time where the run joined), so:
--   content time = startTimeInSeconds − origin
-- and an ad whose Period is in the MPD plays where that Period is: a tracking time that does not
-- match the Period's start is moved there, with its events, and logged once.

local M = {}

local TOLERANCE = 0.5

local function isTable(value)
  return type(value) == "table"
end

local function copy(value)
  if not isTable(value) then
    return value
  end
  local result = {}
  for key, member in pairs(value) do
    result[key] = copy(member)
  end
  return result
end

local function shift(events, delta)
  for _, event in ipairs(isTable(events) and events or {}) do
    if isTable(event) and type(event.startTimeInSeconds) == "number" then
      event.startTimeInSeconds = event.startTimeInSeconds + delta
    end
  end
end

--- The ad Periods of `mpd` (`player.mpd`) by id: `{ [id] = startTime }` in content seconds.
local function periodStarts(mpd)
  local starts = {}
  for _, period in ipairs(mpd.periods or {}) do
    if period.id then
      starts[period.id] = period.startTime
    end
  end
  return starts
end

-- Moves an ad (already on the content timeline) to its Period's start; answers how far it moved.
local function alignToPeriod(ad, starts, warned, warn)
  local periodStart = type(ad.adId) == "string" and starts[ad.adId]
  local delta = periodStart and periodStart - ad.startTimeInSeconds or 0
  if math.abs(delta) <= TOLERANCE then
    return 0
  end
  local key = string.format("%s@%g", ad.adId, ad.startTimeInSeconds)
  if not warned[key] then
    warned[key] = true
    warn(string.format("ad %q: tracking says %g s, its Period starts at %g s: played at its Period",
      ad.adId, ad.startTimeInSeconds, periodStart))
  end
  ad.startTimeInSeconds = periodStart
  shift(ad.trackingEvents, delta)
  return delta
end

-- Keeps what the viewer can still see of an avail a live run joined after it began (content time
-- before 0): an avail or ad that ended before the join is left out; an avail under way starts
-- at 0 for what is left of it (THEOplayer's breaks start at offsets ≥ 0). Its ads keep their
-- times, so the ad under way begins at the join and its events already due go out at once.
local function sinceJoin(avails)
  local kept = {}
  for _, avail in ipairs(avails) do
    local start = isTable(avail) and avail.startTimeInSeconds
    local duration = isTable(avail) and avail.durationInSeconds
    local timed = type(start) == "number" and type(duration) == "number"
    if not timed or start >= 0 then
      kept[#kept + 1] = avail
    elseif start + duration > 0 then
      avail.startTimeInSeconds, avail.durationInSeconds = 0, start + duration
      local ads = {}
      for _, ad in ipairs(isTable(avail.ads) and avail.ads or {}) do
        local adEnd = isTable(ad) and type(ad.startTimeInSeconds) == "number"
          and type(ad.durationInSeconds) == "number" and ad.startTimeInSeconds + ad.durationInSeconds
        if not adEnd or adEnd > 0 then
          ads[#ads + 1] = ad
        end
      end
      avail.ads = ads
      kept[#kept + 1] = avail
    end
  end
  return kept
end

--- A copy of a decoded tracking answer with every time on the content timeline of `mpd`;
--- `warn(message)` gets each ad moved to its Period (once per ad and time, through `warned`).
--- An avail that starts with a moved ad moves with it (its start and its break events).
function M.rebase(data, mpd, warned, warn)
  local rebased = copy(data)
  local origin = mpd.origin or 0
  local starts = periodStarts(mpd)
  local avails = {}
  for _, avail in ipairs(isTable(rebased.avails) and rebased.avails or {}) do
    -- Entries that are no avail stay, for lib/mediatailortracking.lua to report.
    avails[#avails + 1] = avail
    if isTable(avail) then
      if type(avail.startTimeInSeconds) == "number" then
        avail.startTimeInSeconds = avail.startTimeInSeconds - origin
      end
      shift(avail.adBreakTrackingEvents, -origin)
      for index, ad in ipairs(isTable(avail.ads) and avail.ads or {}) do
        if isTable(ad) and type(ad.startTimeInSeconds) == "number" then
          ad.startTimeInSeconds = ad.startTimeInSeconds - origin
          shift(ad.trackingEvents, -origin)
          local before = ad.startTimeInSeconds
          local delta = alignToPeriod(ad, starts, warned, warn)
          if index == 1 and delta ~= 0 and type(avail.startTimeInSeconds) == "number"
            and math.abs(avail.startTimeInSeconds - before) <= TOLERANCE then
            avail.startTimeInSeconds = avail.startTimeInSeconds + delta
            shift(avail.adBreakTrackingEvents, delta)
          end
        end
      end
    end
  end
  rebased.avails = sinceJoin(avails)
  return rebased
end

--- Whether a manifest URL (or a source type) is DASH.
function M.isDASH(manifestUrl, sourceType)
  if type(sourceType) == "string" and sourceType:lower() == "application/dash+xml" then
    return true
  end
  local path = type(manifestUrl) == "string" and manifestUrl:match("^[^?#]*") or ""
  return path:lower():match("%.mpd$") ~= nil
end

return M
