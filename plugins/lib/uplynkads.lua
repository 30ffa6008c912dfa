-- Uplynk's `ads` object (a Preplay v2 answer's, or a Ping answer's) read into a stitched session
-- (adhost.stitched). See docs/uplynk.md.
--
--   ads = { breaks = { { timeOffset =, duration =, type =, position =, events = {name = {urls}},
--                        ads = { { duration =, creative =, events =, … } } } },
--           breakOffsets = { { timeOffset =, index = } },                      -- index into breaks
--           placeholderOffsets = { { startTime =, endTime =, breakIndex =, adsIndex = } } }
--
-- Times are stream times of the play URL (the ads are in it). A break's ads follow one another
-- from its timeOffset, each for its duration, except a placeholder ad (a non-video ad Uplynk
-- replaced with a short blank video), which lies at its placeholder's [startTime, endTime).
-- A break is keyed by its start, an ad by its break and place, so that the same break in a
-- later answer updates it rather than doubling it.

local tracking = require("adhost.tracking")

local M = {}

-- Uplynk passes the ad server's event names through; they are matched without regard to case
-- to the ones sent at a share of the ad's duration (adhost.tracking's), `impressions` too.
local AD_EVENT_NAMES = { impressions = "impression" }
for name in pairs(tracking.SHARES) do
  AD_EVENT_NAMES[name:lower()] = name
end
local BREAK_EVENTS = { { name = "breakStart", at = 0 }, { name = "breakEnd", at = 1 } }

local function number(value)
  return type(value) == "number" and value == value and value ~= math.huge and value >= 0 and value or nil
end

local function isTable(value)
  return type(value) == "table"
end

-- The URLs of `events = {name = {url, …}}` by the name `rename(name)` gives (nil: left out);
-- names that rename alike (impression, impressions) pool their URLs, each URL once, in the
-- order of the names as given, sorted (not the decoder's member order).
local function urlsByName(events, rename)
  events = isTable(events) and events or {}
  local names = {}
  for name, urls in pairs(events) do
    if type(name) == "string" and isTable(urls) then
      names[#names + 1] = name
    end
  end
  table.sort(names)
  local byName, seen = {}, {}
  for _, name in ipairs(names) do
    local known = rename(name)
    if known then
      local list = byName[known] or {}
      seen[known] = seen[known] or {}
      for _, each in ipairs(events[name]) do
        if type(each) == "string" and each ~= "" and not seen[known][each] then
          seen[known][each] = true
          list[#list + 1] = each
        end
      end
      byName[known] = list
    end
  end
  return byName
end

-- The stitched events of an ad at [start, start + duration).
local function adEvents(events, start, duration, key)
  local byName = urlsByName(events, function(name)
    return AD_EVENT_NAMES[name:lower()]
  end)
  return (tracking.quartileEvents(key, start, duration, byName))
end

-- The stitched events of a break at [start, start + duration): breakStart and breakEnd.
local function breakEvents(events, start, duration, key)
  local byName = urlsByName(events, function(name)
    return name:lower()
  end)
  local list = {}
  for _, event in ipairs(BREAK_EVENTS) do
    local urls = byName[event.name:lower()]
    if urls and #urls > 0 then
      local time = start + event.at * duration
      list[#list + 1] = { id = key .. ":" .. event.name, name = event.name, time = time, urls = urls }
    end
  end
  return list
end

-- placeholderOffsets as `[breakIndex][adsIndex] = {startTime, endTime}` (0-based indexes, as given).
local function placeholders(ads, report)
  local byBreak = {}
  for index, each in ipairs(isTable(ads.placeholderOffsets) and ads.placeholderOffsets or {}) do
    local startTime = isTable(each) and number(each.startTime)
    local endTime = isTable(each) and number(each.endTime)
    local breakIndex = isTable(each) and math.tointeger(each.breakIndex)
    local adsIndex = isTable(each) and math.tointeger(each.adsIndex)
    if not (startTime and endTime and breakIndex and adsIndex) or endTime < startTime then
      report(string.format("ads.placeholderOffsets[%d] lacks startTime ≤ endTime, breakIndex or adsIndex",
        index - 1))
    else
      byBreak[breakIndex] = byBreak[breakIndex] or {}
      byBreak[breakIndex][adsIndex] = { startTime = startTime, endTime = endTime }
    end
  end
  return byBreak
end

-- breakOffsets as `[index] = timeOffset` (0-based indexes into breaks).
local function breakOffsets(ads, report)
  local byIndex = {}
  for index, each in ipairs(isTable(ads.breakOffsets) and ads.breakOffsets or {}) do
    local timeOffset = isTable(each) and number(each.timeOffset)
    local breakIndex = isTable(each) and math.tointeger(each.index)
    if not (timeOffset and breakIndex) then
      report(string.format("ads.breakOffsets[%d] lacks timeOffset or index", index - 1))
    else
      byIndex[breakIndex] = timeOffset
    end
  end
  return byIndex
end

local function adId(adData, key, used)
  local id = type(adData.creative) == "string" and adData.creative ~= "" and adData.creative or key
  if used[id] then
    id = key
  end
  used[id] = true
  return id
end

-- Where each ad of a break lies: `{ {index =, startTime =, duration =, data =, placeholder =} }`
-- in order, and where the last one ends.
local function layout(breakData, where, start, placeholderAds, report)
  local list, cursor = {}, start
  for adIndex, adData in ipairs(isTable(breakData.ads) and breakData.ads or {}) do
    local duration = isTable(adData) and number(adData.duration)
    if not duration then
      report(string.format("%s.ads[%d] lacks a duration ≥ 0: it and the ads after it are left out",
        where, adIndex - 1))
      break
    end
    local placeholder = placeholderAds and placeholderAds[adIndex - 1]
    local adStart = placeholder and placeholder.startTime or cursor
    duration = placeholder and placeholder.endTime - placeholder.startTime or duration
    list[#list + 1] = { index = adIndex, startTime = adStart, duration = duration, data = adData,
      placeholder = placeholder ~= nil }
    cursor = adStart + duration
  end
  return list, cursor
end

local function upsertAds(session, entry, placed, skipOffset)
  local used = {}
  for _, each in ipairs(placed) do
    local key = string.format("%s/%d", entry.key, each.index)
    local adData = each.data
    session:upsertAd(entry, key, {
      startTime = each.startTime,
      duration = each.duration,
      skipOffset = skipOffset,
      -- A placeholder stands for a creative adhost does not run (VPAID): its events are the creative's.
      events = each.placeholder and {} or adEvents(adData.events, each.startTime, each.duration, key),
      init = { id = adId(adData, key, used), customData = { creative = adData.creative,
        mimeType = adData.mimeType, placeholder = each.placeholder or nil } },
    })
  end
end

--- Creates or updates the breaks and ads of one decoded `ads` object in `session`. `options`:
--- `skipOffset` (seconds, -1: not skippable) for every ad, `report(message)` for each part that
--- cannot be read, `where` (the answer's name, for messages).
function M.apply(session, ads, options)
  if not isTable(ads) then
    return
  end
  local offsets, placeholderAds = breakOffsets(ads, options.report), placeholders(ads, options.report)
  for breakIndex, breakData in ipairs(isTable(ads.breaks) and ads.breaks or {}) do
    local where = string.format("%s.breaks[%d]", options.where or "ads", breakIndex - 1)
    local start = isTable(breakData) and (offsets[breakIndex - 1] or number(breakData.timeOffset))
    if not isTable(breakData) then
      options.report(where .. " is not an object")
    elseif not start then
      options.report(where .. " lacks a timeOffset ≥ 0 (and no breakOffsets entry gives one)")
    elseif breakData.type ~= nil and breakData.type ~= json.null and breakData.type ~= "linear" then
      log.info(string.format("uplynk: %s is %s, not linear: left out", where, tostring(breakData.type)))
    else
      local key = string.format("break@%g", start)
      local placed, adsEnd = layout(breakData, where, start, placeholderAds[breakIndex - 1], options.report)
      local duration = math.max(number(breakData.duration) or 0, adsEnd - start)
      local entry = session:upsertBreak(key, {
        startTime = start,
        duration = duration,
        events = breakEvents(breakData.events, start, duration, key),
        customData = { position = breakData.position },
      })
      if entry then
        upsertAds(session, entry, placed, options.skipOffset)
      end
    end
  end
end

return M
