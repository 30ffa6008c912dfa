-- A Google DAI VOD stream response's `ad_breaks` read into a stitched session (adhost.stitched):
--   ad_breaks = { { type = "pre"|"mid"|"post", start =, duration =,
--                   ads = { { seq =, duration =, title =, ad_id =, creative_id =, … ,
--                             events = { { time =, type = "start"|"firstquartile"|… } } } } } }
-- Times are stream seconds (the ads are in the stream). A break's ads follow one another from its
-- `start` in `seq` order. The ads' own tracking is the media verification (lib/daiverify.lua):
-- their events carry no URLs, so the session only begins, progresses and ends them; the events'
-- times say which tracking event the ping of an id at that time in the stream is (`kindAt`).

local M = {}

local function number(value)
  return type(value) == "number" and value == value and value ~= math.huge and value >= 0 and value or nil
end

local function text(value)
  return type(value) == "string" and value ~= "" and value or nil
end

-- The ads of a break in play order with their data; reports those it leaves out.
local function ordered(breakData, where, report)
  local list = {}
  for index, adData in ipairs(type(breakData.ads) == "table" and breakData.ads or {}) do
    local duration = type(adData) == "table" and number(adData.duration)
    if not duration then
      report(string.format("%s.ads[%d] lacks a duration ≥ 0: left out", where, index - 1))
    else
      list[#list + 1] = { index = index, seq = math.tointeger(adData.seq) or index, data = adData,
        duration = duration }
    end
  end
  table.sort(list, function(a, b)
    return a.seq < b.seq or (a.seq == b.seq and a.index < b.index)
  end)
  return list
end

-- The events of an ad's data that can be read: `{time =, type =}`, by time.
local function eventsOf(adData)
  local list = {}
  for _, event in ipairs(type(adData.events) == "table" and adData.events or {}) do
    if type(event) == "table" and number(event.time) and text(event.type) then
      list[#list + 1] = { time = event.time, type = event.type }
    end
  end
  table.sort(list, function(a, b)
    return a.time < b.time
  end)
  return list
end

-- How far (seconds) an id may sit from its event's time: ids are put a little before an ad's end.
M.NEAR = 1

--- DAI's name of the event of the ad playing at stream time `at` (the one whose time is
--- nearest, within `M.NEAR`), in `spans` as `apply` returns them; nil when none is.
function M.kindAt(spans, at)
  for _, span in ipairs(spans) do
    if span.startTime <= at and at < span.endTime then
      local best
      for _, event in ipairs(span.events) do
        local distance = math.abs(event.time - at)
        if distance <= M.NEAR and (not best or distance < math.abs(best.time - at)) then
          best = event
        end
      end
      return best and best.type
    end
  end
  return nil
end

--- Creates the breaks and ads of `adBreaks` (the decoded `ad_breaks`) in `session`;
--- `report(message)` for each part that cannot be read. Returns each ad's span of stream time
--- with its events (`{startTime =, endTime =, events =}`), for `kindAt`.
function M.apply(session, adBreaks, report)
  local spans = {}
  if type(adBreaks) ~= "table" then
    return spans
  end
  local used = {} -- ad ids given already (an ad id may repeat: the later ones use their key)
  for breakIndex, breakData in ipairs(adBreaks) do
    local where = string.format("ad_breaks[%d]", breakIndex - 1)
    local start = type(breakData) == "table" and number(breakData.start)
    if not start then
      report(where .. " lacks a start ≥ 0: left out")
    else
      local ads = ordered(breakData, where, report)
      local cursor = start
      for _, each in ipairs(ads) do
        cursor = cursor + each.duration
      end
      local key = string.format("break@%g", start)
      local entry = session:upsertBreak(key, {
        startTime = start,
        duration = math.max(number(breakData.duration) or 0, cursor - start),
        events = {},
        customData = { type = text(breakData.type) },
      })
      cursor = start
      for _, each in ipairs(entry and ads or {}) do
        local adData = each.data
        local adKey = string.format("%s/%d", key, each.seq)
        local id = text(adData.ad_id)
        if not id or used[id] then
          id = adKey
        end
        used[id] = true
        session:upsertAd(entry, adKey, {
          startTime = cursor,
          duration = each.duration,
          skipOffset = -1,
          events = {},
          init = { id = id, customData = { seq = each.seq, title = text(adData.title),
            creativeId = text(adData.creative_id), adSystem = text(adData.ad_system) } },
        })
        spans[#spans + 1] = { startTime = cursor, endTime = cursor + each.duration,
          events = eventsOf(adData) }
        cursor = cursor + each.duration
      end
    end
  end
  return spans
end

return M
