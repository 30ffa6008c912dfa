-- Plays ads stitched into the content by a server (SSAI): the ads ARE content time, so nothing
-- pauses; as the playhead crosses an ad, the ad begins, reports its progress, sends its
-- tracking beacons at their times and ends. Seeks and skips follow a policy (lib/policies.lua).
--
--   local session = stitched.new(controller, { policy = policies.new({ seekOver = "last" }) })
--   local entry = session:upsertBreak("avail-1", { startTime = 30, duration = 20, events = {…} })
--   session:upsertAd(entry, "ad-1", { startTime = 30, duration = 10, skipOffset = 5, events = {…} })
--   session:attach()        -- follow the playhead
--   session:skip(ad)        -- from the handler's skipAd
--
-- Events are `{ id =, name =, time =, urls = {…} }`: `beacon.send(urls, name)` once, when the
-- playhead reaches `time` while the ad (or, for a break's events, the break) plays. Calling
-- upsertBreak / upsertAd again with the same key updates (live avails grow between polls).
-- A break whose ads have all played is watched: its remaining events (breakEnd) are sent, it is
-- removed with removeAdBreak, and it is not played again.

local policies = require("lib.policies")

local M = {}

-- Positions closer than this are the same (timers land on whole microseconds).
local EPSILON = 1e-6

local Session = {}
Session.__index = Session

--- A session for `controller`; `options.policy` is a policy of lib/policies.lua (default
--- `policies.new()`).
function M.new(controller, options)
  options = options or {}
  return setmetatable({
    controller = controller,
    policy = options.policy or policies.new(),
    breaks = {}, -- break entries by start time
    byKey = {},
    current = nil, -- the ad entry playing
    activeBreak = nil, -- the break entry the playhead is in
    stops = {}, -- positions still to visit, from a seek plan
    listeners = {},
    internal = 0, -- > 0 while the session seeks itself
    seeking = false,
    jumped = false,
    lastPosition = 0,
    lastClock = 0,
    closed = false,
  }, Session)
end

local function cancel(handle)
  if handle then
    handle:cancel()
  end
end

local function contains(entry, at)
  return entry.startTime <= at and at < entry.endTime
end

-- Runs a controller call; a failure is a non-fatal `aderror`, and the session goes on.
function Session:try(what, fn)
  local ok, message = pcall(fn)
  if not ok then
    local text = string.format("%s failed: %s", what, tostring(message))
    log.error(text)
    self.controller:error(text)
  end
  return ok
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

-- Sends each event of `target` due by `at` that was not sent yet. A beacon that fails (no
-- answer, or an HTTP error status) is a non-fatal `aderror`.
function Session:sendDue(target, at)
  for _, event in ipairs(target.events) do
    if event.time > at then
      break
    end
    if not target.sent[event.id] then
      target.sent[event.id] = true
      if #event.urls > 0 then
        beacon.send(event.urls, event.name, function(results)
          for _, result in ipairs(results) do
            local problem = result.failure or (result.status and result.status >= 400
              and string.format("HTTP %d", result.status))
            if problem and not self.closed then
              self.controller:error(string.format("%s beacon %s failed: %s", event.name, result.url, problem))
            end
          end
        end)
      end
    end
  end
end

--- Creates the break `key` or updates it: `spec = {startTime =, duration =, events =, customData =}`.
--- Returns its entry, or nil when it cannot be created (an `aderror` says why).
function Session:upsertBreak(key, spec)
  local entry = self.byKey[key]
  if entry then
    if not entry.removed then
      local endTime = spec.startTime + spec.duration
      if endTime > entry.endTime + EPSILON then
        entry.endTime = endTime
        self:try(string.format("updateAdBreak(%q)", key), function()
          self.controller:updateAdBreak(entry.adBreak, { maxDuration = spec.duration })
        end)
      end
      mergeEvents(entry, spec.events)
    end
    return entry
  end
  local adBreak
  local ok = self:try(string.format("createAdBreak(%q)", key), function()
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
  local index = #self.breaks + 1
  while index > 1 and self.breaks[index - 1].startTime > entry.startTime do
    index = index - 1
  end
  table.insert(self.breaks, index, entry)
  return entry
end

--- Creates the ad `key` in a break entry or updates it: `spec = {startTime =, duration =,
--- skipOffset =, events =, init = {…more AdInit fields}}`.
function Session:upsertAd(entry, key, spec)
  if entry.removed then
    return
  end
  local endTime = spec.startTime + spec.duration
  if endTime > entry.endTime + EPSILON then
    entry.endTime = endTime
  end
  local adEntry = entry.adsByKey[key]
  if adEntry then
    local changes = {}
    if math.abs(spec.duration - adEntry.duration) > EPSILON then
      changes.duration, adEntry.duration, adEntry.endTime = spec.duration, spec.duration, endTime
    end
    if spec.skipOffset ~= adEntry.skipOffset then
      changes.skipOffset, adEntry.skipOffset = spec.skipOffset, spec.skipOffset
    end
    if next(changes) then
      self:try(string.format("updateAd(%q)", key), function()
        self.controller:updateAd(adEntry.ad, changes)
      end)
    end
    mergeEvents(adEntry, spec.events)
    return
  end
  local init = { type = "linear", id = key, duration = spec.duration, skipOffset = spec.skipOffset }
  for name, value in pairs(spec.init or {}) do
    init[name] = value
  end
  local ad
  if not self:try(string.format("createAd(%q)", key), function()
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
  local index = #entry.ads + 1
  while index > 1 and entry.ads[index - 1].startTime > adEntry.startTime do
    index = index - 1
  end
  table.insert(entry.ads, index, adEntry)
end

local function breakAt(self, at)
  for _, entry in ipairs(self.breaks) do
    if contains(entry, at) then
      return entry
    end
  end
  return nil
end

local function adAt(entry, at)
  for _, adEntry in ipairs(entry.ads) do
    if contains(adEntry, at) then
      return adEntry
    end
  end
  return nil
end

function Session:note(position)
  self.lastPosition, self.lastClock = position, timer.now()
end

-- Where the playhead was just before a seek: the last position seen, moved on by the clock.
function Session:estimatedPosition()
  if player.paused then
    return self.lastPosition
  end
  return self.lastPosition + (timer.now() - self.lastClock)
end

function Session:seekInternal(position)
  self.internal = self.internal + 1
  local ok, message = pcall(function()
    player.currentTime = position
  end)
  self.internal = self.internal - 1
  self.jumped = true
  self:note(player.currentTime)
  if not ok then
    log.error("seek failed: " .. tostring(message))
  end
end

local function progress(adEntry, position)
  if adEntry.duration <= 0 then
    return 1
  end
  return math.max(0, math.min(1, (position - adEntry.startTime) / adEntry.duration))
end

-- Ends the ad playing: `natural` when the playhead reached its end (progress 1 and every event
-- up to its end first), otherwise it was left by a seek and may play again later.
function Session:finishAd(adEntry, natural)
  self.current = nil
  local ad = adEntry.ad
  if natural then
    adEntry.state = "played"
    self:try(string.format("updateAdProgress(%q, 1)", adEntry.key), function()
      self.controller:updateAdProgress(ad, 1)
    end)
    self:sendDue(adEntry, adEntry.endTime + EPSILON)
  else
    adEntry.state = "scheduled"
  end
  self:try(string.format("endAd(%q)", adEntry.key), function()
    self.controller:endAd(ad)
  end)
end

function Session:beginAd(adEntry, at)
  if not self:try(string.format("beginAd(%q)", adEntry.key), function()
    self.controller:beginAd(adEntry.ad)
  end) then
    adEntry.state = "played"
    return
  end
  adEntry.state = "playing"
  self.current = adEntry
  self:sendDue(adEntry, at)
end

local function allPlayed(entry)
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

-- The playhead left the active break: a break whose ads all played is watched and removed.
-- With `continuePlan`, the next stop of a seek plan follows (returns true when it seeked).
function Session:leaveBreak(entry, continuePlan)
  self.activeBreak = nil
  if allPlayed(entry) and not entry.removed then
    entry.watched = true
    self:sendDue(entry, math.huge)
    entry.removed = true
    self:try(string.format("removeAdBreak(%q)", entry.key), function()
      self.controller:removeAdBreak(entry.adBreak)
    end)
  end
  if continuePlan and #self.stops > 0 then
    local stop = table.remove(self.stops, 1)
    log.info(string.format("break at %g s played: on to %g s", entry.startTime, stop))
    self:seekInternal(stop)
    return true
  end
  return false
end

--- Brings the ads up to the playhead: ends, begins, progresses, beacons; then arms a timer for
--- the next boundary so that each happens at its exact time.
function Session:drive()
  if self.closed or self.seeking or self.internal > 0 then
    return
  end
  for _ = 1, 8 do -- each pass may seek once (a plan's next stop, past a watched break)
    if not self:step() then
      break
    end
  end
  self:arm(player.currentTime)
end

-- One pass of drive; returns true when it seeked and the pass must be made again.
function Session:step()
  local position = player.currentTime
  local at = position + EPSILON
  self:note(position)
  local jumped = self.jumped
  self.jumped = false
  local current = self.current
  if current and not contains(current, at) then
    self:finishAd(current, not jumped and at >= current.endTime)
  end
  local active = self.activeBreak
  if active and not contains(active, at) and self:leaveBreak(active, not jumped) then
    return true
  end
  local entry = breakAt(self, at)
  if not entry then
    return false
  end
  if entry.watched then
    log.info(string.format("break at %g s was watched: on to its end, %g s", entry.startTime, entry.endTime))
    self:seekInternal(entry.endTime)
    return true
  end
  if self.activeBreak ~= entry then
    self.activeBreak = entry
    self:sendDue(entry, at)
  end
  local adEntry = adAt(entry, at)
  if adEntry and adEntry ~= self.current and adEntry.state == "scheduled" then
    self:beginAd(adEntry, at)
  end
  current = self.current
  if current then
    self:try(string.format("updateAdProgress(%q)", current.key), function()
      self.controller:updateAdProgress(current.ad, progress(current, position))
    end)
    self:sendDue(current, at)
  end
  return false
end

function Session:arm(position)
  cancel(self.boundary)
  self.boundary = nil
  if player.paused or self.closed then
    return
  end
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
  if self.current then
    for _, event in ipairs(self.current.events) do
      consider(event.time)
    end
  end
  if nextTime then
    self.boundary = timer.after(nextTime - position, function()
      self.boundary = nil
      self:drive()
    end)
  end
end

local function policyBreaks(self)
  local list = {}
  for index, entry in ipairs(self.breaks) do
    list[index] = { startTime = entry.startTime, endTime = entry.endTime, watched = entry.watched }
  end
  return list
end

-- A seek by the user (or the `seek` action) from `origin` to `target`.
function Session:decideSeek(origin, target)
  local plan = self.policy:planSeek(origin, target, policyBreaks(self), self.current ~= nil)
  if plan.refuse then
    log.warn(string.format("seek to %g s refused: ad %q is playing", target, self.current.key))
    self:seekInternal(origin)
    self.jumped = false
    self:drive()
    return
  end
  self.stops = plan.stops
  local first = table.remove(self.stops, 1)
  if math.abs(first - target) > EPSILON then
    log.info(string.format("seek to %g s: to %g s instead (seekOver = %s)", target, first,
      self.policy.seekOver))
    self:seekInternal(first)
  end
  local at = player.currentTime + EPSILON
  if self.current and not contains(self.current, at) then
    self:finishAd(self.current, false)
  end
  if self.activeBreak and not contains(self.activeBreak, at) then
    self:leaveBreak(self.activeBreak, false)
  end
  self.jumped = true
  self:drive()
end

--- The handler's skipAd: skips `ad` when it plays and has passed its skipOffset, by seeking to
--- its end. Returns whether it skipped.
function Session:skip(ad)
  local current = self.current
  if not current or current.ad ~= ad then
    log.warn(string.format("skip refused: ad %q is not playing", tostring(ad and ad.id)))
    return false
  end
  local played = player.currentTime - current.startTime
  local allowed, reason = policies.canSkip(current.skipOffset, played)
  if not allowed then
    log.warn(string.format("skip refused: ad %q: %s", current.key, reason))
    return false
  end
  self.current = nil
  current.state = "played"
  self:try(string.format("skipAd(%q)", current.key), function()
    self.controller:updateAdProgress(ad, progress(current, player.currentTime))
    self.controller:skipAd(ad)
  end)
  log.info(string.format("ad %q skipped after %g s: on to its end, %g s", current.key, played,
    current.endTime))
  self:seekInternal(current.endTime)
  self.jumped = false
  self:drive()
  return true
end

local function listen(self, eventType, fn)
  player:addEventListener(eventType, fn)
  self.listeners[#self.listeners + 1] = { type = eventType, fn = fn }
end

--- Starts following the playhead.
function Session:attach()
  listen(self, "playing", function()
    self:drive()
  end)
  listen(self, "timeupdate", function()
    self:drive()
  end)
  listen(self, "pause", function()
    cancel(self.boundary)
    self.boundary = nil
    self:note(player.currentTime)
  end)
  listen(self, "ended", function()
    self:drive()
  end)
  listen(self, "seeking", function()
    if self.internal > 0 or self.closed then
      return
    end
    self.origin = self:estimatedPosition()
    self.seeking = true
  end)
  listen(self, "seeked", function()
    if self.internal > 0 or self.closed or not self.seeking then
      return
    end
    self.seeking = false
    self:decideSeek(self.origin, player.currentTime)
  end)
end

--- Stops following the playhead. The ads stay (resetSource removes them).
function Session:close()
  self.closed = true
  cancel(self.boundary)
  self.boundary = nil
  for _, listener in ipairs(self.listeners) do
    player:removeEventListener(listener.type, listener.fn)
  end
  self.listeners = {}
end

return M
