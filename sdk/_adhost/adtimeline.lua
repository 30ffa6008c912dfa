-- The breaks and ads of a stitched stream on the content timeline, created and updated through
-- the controller by key, so that data arriving again (a live avail growing between polls)
-- updates rather than duplicates. Used by adhost.stitched.
--
-- A break entry: { key, adBreak, startTime, endTime, ads = {ad entries by start}, events, sent,
--                  watched, removed }
-- An ad entry:   { key, ad, startTime, endTime, duration, skipOffset, events, sent,
--                  state = "scheduled" | "playing" | "played" }
-- Events: { id =, name =, time =, urls = {…} }, ordered by time; an id seen again is ignored.

local M = {}

-- Positions closer than this are the same (timers land on whole microseconds).
M.EPSILON = 1e-6
local EPSILON = M.EPSILON

local Timeline = {}
Timeline.__index = Timeline

--- A timeline for `controller`; `try(what, fn)` runs a controller call and reports a failure
--- (it returns whether the call succeeded).
function M.new(controller, try)
  return setmetatable({ controller = controller, try = try, breaks = {}, byKey = {} }, Timeline)
end

--- Whether `at` lies in the entry's [startTime, endTime).
function M.contains(entry, at)
  return entry.startTime <= at and at < entry.endTime
end

local function insertByStart(list, entry)
  local index = #list + 1
  while index > 1 and list[index - 1].startTime > entry.startTime do
    index = index - 1
  end
  table.insert(list, index, entry)
end

local function mergeEvents(target, events)
  for _, event in ipairs(events or {}) do
    if not target.eventIds[event.id] then
      target.eventIds[event.id] = true
      local index = #target.events + 1
      while index > 1 and target.events[index - 1].time > event.time do
        index = index - 1
      end
      table.insert(target.events, index, event)
    end
  end
end

--- Creates the break `key` or updates it: `spec = {startTime =, duration =, events =, customData =}`.
--- Returns its entry, or nil when it cannot be created (`try` reported why).
function Timeline:upsertBreak(key, spec)
  local entry = self.byKey[key]
  if entry then
    if not entry.removed then
      local endTime = spec.startTime + spec.duration
      if endTime > entry.endTime + EPSILON then
        entry.endTime = endTime
        self.try(string.format("updateAdBreak(%q)", key), function()
          self.controller:updateAdBreak(entry.adBreak, { maxDuration = spec.duration })
        end)
      end
      mergeEvents(entry, spec.events)
    end
    return entry
  end
  local adBreak
  local ok = self.try(string.format("createAdBreak(%q)", key), function()
    adBreak = self.controller:createAdBreak({
      timeOffset = spec.startTime,
      maxDuration = spec.duration,
      customData = spec.customData,
    })
  end)
  if not ok then
    return nil
  end
  entry = {
    key = key, adBreak = adBreak, startTime = spec.startTime, endTime = spec.startTime + spec.duration,
    ads = {}, adsByKey = {}, events = {}, eventIds = {}, sent = {}, watched = false, removed = false,
  }
  mergeEvents(entry, spec.events)
  self.byKey[key] = entry
  insertByStart(self.breaks, entry)
  return entry
end

local function updateAd(self, adEntry, key, spec, endTime)
  local changes = {}
  if math.abs(spec.duration - adEntry.duration) > EPSILON then
    changes.duration, adEntry.duration, adEntry.endTime = spec.duration, spec.duration, endTime
  end
  if spec.skipOffset ~= adEntry.skipOffset then
    changes.skipOffset, adEntry.skipOffset = spec.skipOffset, spec.skipOffset
  end
  if next(changes) then
    self.try(string.format("updateAd(%q)", key), function()
      self.controller:updateAd(adEntry.ad, changes)
    end)
  end
  mergeEvents(adEntry, spec.events)
end

--- Creates the ad `key` in a break entry or updates it: `spec = {startTime =, duration =,
--- skipOffset =, events =, init = {…more AdInit fields}}`. Nothing happens in a removed break.
function Timeline:upsertAd(entry, key, spec)
  if entry.removed then
    return
  end
  local endTime = spec.startTime + spec.duration
  if endTime > entry.endTime + EPSILON then
    entry.endTime = endTime
  end
  local adEntry = entry.adsByKey[key]
  if adEntry then
    updateAd(self, adEntry, key, spec, endTime)
    return
  end
  local init = { type = "linear", id = key, duration = spec.duration, skipOffset = spec.skipOffset }
  for name, value in pairs(spec.init or {}) do
    init[name] = value
  end
  local ad
  if not self.try(string.format("createAd(%q)", key), function()
    ad = self.controller:createAd(init, entry.adBreak)
  end) then
    return
  end
  adEntry = {
    key = key, ad = ad, startTime = spec.startTime, endTime = endTime, duration = spec.duration,
    skipOffset = spec.skipOffset, events = {}, eventIds = {}, sent = {}, state = "scheduled",
  }
  mergeEvents(adEntry, spec.events)
  entry.adsByKey[key] = adEntry
  insertByStart(entry.ads, adEntry)
end

--- The break entry `at` lies in, if any.
function Timeline:breakAt(at)
  for _, entry in ipairs(self.breaks) do
    if M.contains(entry, at) then
      return entry
    end
  end
  return nil
end

--- How far the playhead at `position` is through `adEntry`, from 0 to 1 (1 for an ad without
--- duration).
function M.progress(adEntry, position)
  if adEntry.duration <= 0 then
    return 1
  end
  return math.max(0, math.min(1, (position - adEntry.startTime) / adEntry.duration))
end

--- The ad entry of a break `at` lies in, if any.
function M.adAt(entry, at)
  for _, adEntry in ipairs(entry.ads) do
    if M.contains(adEntry, at) then
      return adEntry
    end
  end
  return nil
end

--- Whether every ad of the break has played (or been skipped); false for a break without ads.
function M.allPlayed(entry)
  if #entry.ads == 0 then
    return false
  end
  for _, adEntry in ipairs(entry.ads) do
    if adEntry.state ~= "played" then
      return false
    end
  end
  return true
end

--- The next time after `position` where something happens: a break or ad starts or ends, or an
--- event of `current` (the ad playing) is due. Nil when nothing is ahead.
function Timeline:nextBoundary(position, current)
  local nextTime
  local function consider(time)
    if time > position + EPSILON and (not nextTime or time < nextTime) then
      nextTime = time
    end
  end
  for _, entry in ipairs(self.breaks) do
    consider(entry.startTime)
    consider(entry.endTime)
    for _, adEntry in ipairs(entry.ads) do
      consider(adEntry.startTime)
      consider(adEntry.endTime)
    end
  end
  if current then
    for _, event in ipairs(current.events) do
      consider(event.time)
    end
  end
  return nextTime
end

--- The breaks as adhost.policies reads them: `{startTime =, endTime =, watched =}`.
function Timeline:policyView()
  local list = {}
  for index, entry in ipairs(self.breaks) do
    list[index] = { startTime = entry.startTime, endTime = entry.endTime, watched = entry.watched }
  end
  return list
end

return M
