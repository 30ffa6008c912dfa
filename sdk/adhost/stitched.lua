-- Plays ads stitched into the content by a server (SSAI): the ads ARE content time, so nothing
-- pauses; as the playhead crosses an ad, the ad begins, reports its progress, sends its
-- tracking beacons at their times and ends. Seeks and skips follow a policy (adhost.policies).
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
-- A break is over once the playhead leaves it: played to its end, its remaining events
-- (breakEnd) are sent; left part-way by a seek, its playing ad is skipped (an early return, as
-- THEOplayer's Yospace connector reports it). Either way it is removed with removeAdBreak and
-- not played again.
--
-- A session is in one state at a time (`session.state`):
--   "following"   follows the playhead: each pass ends, begins and progresses what it crossed
--   "jumped"      follows it, but the playhead just moved by a seek: the next pass ends the ad
--                 and break it left part-way (not played to their end), then goes on following
--   "userSeeking" a seek by the user (or the `seek` action), from `seeking` to `seeked`: passes
--                 wait, and `seeked` plans it (adhost.policies), then it is "jumped"
--   "selfSeeking" the session's own seek (a plan's next stop, a refusal, a skip) is under way:
--                 the player's events of that seek are not a user's; it ends as it began, or
--                 "jumped" when it began following
--   "closed"      closed: it does nothing more

local adtimeline = require("_adhost.adtimeline")
local policies = require("adhost.policies")
local sessionbase = require("_adhost.sessionbase")
local stitchedseek = require("_adhost.stitchedseek")

local M = {}

local EPSILON = adtimeline.EPSILON
-- How far into an ad the playhead must be for its beginning to be a late join (lateJoin).
local LATE = 0.001
local contains = adtimeline.contains

local Session = {}
Session.__index = Session
sessionbase.install(Session)
stitchedseek.install(Session)
local cancel = sessionbase.cancel

--- A session for `controller`; `options.policy` is a policy of adhost.policies (default
--- `policies.new()`); `options.lateJoin = true` begins an ad the playhead is already inside
--- (a live session joined mid-ad, an ad learnt of late) as a late join: `beginAd(ad, {at =})`,
--- its impression and start sent then, the events already past never. The host's services it
--- uses are `options.player`, `options.timer`, `options.beacon` and `options.log`, by default
--- the globals of the same names (a test gives its own).
function M.new(controller, options)
  options = options or {}
  local session = setmetatable({
    controller = controller,
    player = options.player or player,
    timer = options.timer or timer,
    beacon = options.beacon or beacon,
    log = options.log or log,
    policy = options.policy or policies.new(),
    lateJoin = options.lateJoin == true,
    current = nil, -- the ad entry playing
    activeBreak = nil, -- the break entry the playhead is in
    stops = {}, -- positions still to visit, from a seek plan
    listeners = {},
    state = "following", -- see the states above
    lastPosition = 0,
    lastClock = 0,
  }, Session)
  session.timeline = adtimeline.new(controller, function(what, fn)
    return session:try(what, fn)
  end)
  return session
end

--- Creates the break `key` or updates it (see _adhost.adtimeline); returns its entry or nil.
function Session:upsertBreak(key, spec)
  return self.timeline:upsertBreak(key, spec)
end

--- Creates the ad `key` in a break entry or updates it (see _adhost.adtimeline).
function Session:upsertAd(entry, key, spec)
  self.timeline:upsertAd(entry, key, spec)
end

--- The ad (the controller's Ad) whose span holds content time `at`, or nil: what a tracking
--- ping found in the stream at `at` belongs to (`beacon.send(urls, event, { ad = … })`).
function Session:adAt(at)
  local entry = self.timeline:breakAt(at)
  local adEntry = entry and adtimeline.adAt(entry, at)
  return adEntry and adEntry.ad or nil
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
        -- An ad's beacons are credited to it (`ad`), whatever plays when they go out.
        self.beacon.send(event.urls, event.name, { ad = target.ad, onResults = function(results)
          for _, result in ipairs(results) do
            local problem = result.failure or (result.status and result.status >= 400
              and string.format("HTTP %d", result.status))
            if problem and self.state ~= "closed" then
              self.controller:error(string.format("%s beacon %s failed: %s", event.name, result.url, problem))
            end
          end
        end })
      end
    end
  end
end

-- Ends the ad playing: `natural` when the playhead reached its end (progress 1 and every event
-- up to its end first, then endAd). Otherwise the playhead left it part-way (a seek): an early
-- return, which THEOplayer's Yospace connector reports with skipAd (`adskip`, no `complete`);
-- the ad may play again later if its break is still scheduled.
function Session:finishAd(adEntry, natural)
  self.current = nil
  local ad = adEntry.ad
  if natural then
    adEntry.state = "played"
    self:try(string.format("updateAdProgress(%q, 1)", adEntry.key), function()
      self.controller:updateAdProgress(ad, 1)
    end)
    self:sendDue(adEntry, adEntry.endTime + EPSILON)
    self:try(string.format("endAd(%q)", adEntry.key), function()
      self.controller:endAd(ad)
    end)
  else
    adEntry.state = "scheduled"
    self:try(string.format("skipAd(%q)", adEntry.key), function()
      self.controller:skipAd(ad)
    end)
  end
end

-- The events a late join at `at` never sends: those before it, but the impression and start,
-- which it sends as it begins.
local JOIN_EVENTS = { impression = true, start = true }

function Session:beginAd(adEntry, at)
  local offset = self.player.currentTime - adEntry.startTime
  local joined = self.lateJoin and offset > LATE and offset < adEntry.duration
  if joined then
    for _, event in ipairs(adEntry.events) do
      if event.time < at and not JOIN_EVENTS[event.name] then
        adEntry.sent[event.id] = true
      end
    end
  end
  if not self:try(string.format("beginAd(%q)", adEntry.key), function()
    if joined then
      self.controller:beginAd(adEntry.ad, { at = offset })
    else
      self.controller:beginAd(adEntry.ad)
    end
  end) then
    adEntry.state = "played"
    return
  end
  adEntry.state = "playing"
  self.current = adEntry
  self:sendDue(adEntry, at)
end

-- The playhead left the active break, at its end (`reachedEnd`) or part-way (a seek). Either
-- way the break is over, as in THEOplayer's Yospace connector: it is removed with
-- removeAdBreak (`adbreakend`, `removeadbreak`) and counts as watched, so it is not played
-- again. Only a break played to its end sends its remaining events (breakEnd); one left
-- part-way is an early return (its playing ad was skipped by finishAd).
-- With `continuePlan`, the next stop of a seek plan follows (returns true when it seeked).
function Session:leaveBreak(entry, continuePlan, reachedEnd)
  self.activeBreak = nil
  if not entry.removed then
    entry.watched = true
    entry.leftEarly = not reachedEnd
    if reachedEnd then
      self:sendDue(entry, math.huge)
    else
      self.log.info(string.format("break at %g s left part-way: it is over", entry.startTime))
    end
    entry.removed = true
    self:try(string.format("removeAdBreak(%q)", entry.key), function()
      self.controller:removeAdBreak(entry.adBreak)
    end)
  end
  if continuePlan and #self.stops > 0 then
    local stop = table.remove(self.stops, 1)
    self.log.info(string.format("break at %g s played: on to %g s", entry.startTime, stop))
    self:seekInternal(stop)
    return true
  end
  return false
end

-- Whether passes follow the playhead now (not during a seek, not once closed).
function Session:isFollowing()
  return self.state == "following" or self.state == "jumped"
end

--- Brings the ads up to the playhead: ends, begins, progresses, beacons; then arms a timer for
--- the next boundary so that each happens at its exact time.
function Session:drive()
  if not self:isFollowing() then
    return
  end
  for _ = 1, 8 do -- each pass may seek once (a plan's next stop, past a watched break)
    if not self:step() or self.state == "closed" then
      break
    end
  end
  self:arm(self.player.currentTime)
end

-- One pass of drive; returns true when it seeked and the pass must be made again.
function Session:step()
  local position = self.player.currentTime
  local at = position + EPSILON
  self:note(position)
  local jumped = self.state == "jumped"
  if jumped then
    self.state = "following"
  end
  local current = self.current
  if current and not contains(current, at) then
    self:finishAd(current, not jumped and at >= current.endTime)
  end
  local active = self.activeBreak
  if active and not contains(active, at)
    and self:leaveBreak(active, not jumped, not jumped and at >= active.endTime) then
    return true
  end
  local entry = self.timeline:breakAt(at)
  if not entry then
    return false
  end
  if entry.watched then
    self.log.info(string.format("break at %g s was %s: on to its end, %g s", entry.startTime,
      entry.leftEarly and "left part-way" or "watched", entry.endTime))
    self:seekInternal(entry.endTime)
    return true
  end
  -- A break, and an ad, begins when its first frame plays: a seek into one while the content
  -- is paused waits for `playing` (which drives again) to begin it and send its beacons.
  if self.player.paused and self.activeBreak ~= entry then
    return false
  end
  if self.activeBreak ~= entry then
    self.activeBreak = entry
    self:sendDue(entry, at)
  end
  local adEntry = adtimeline.adAt(entry, at)
  if adEntry and adEntry ~= self.current and adEntry.state == "scheduled" and not self.player.paused then
    self:beginAd(adEntry, at)
  end
  current = self.current
  if current then
    self:try(string.format("updateAdProgress(%q)", current.key), function()
      self.controller:updateAdProgress(current.ad, adtimeline.progress(current, position))
    end)
    self:sendDue(current, at)
  end
  return false
end

function Session:arm(position)
  cancel(self.boundary)
  self.boundary = nil
  if self.player.paused or self.state == "closed" then
    return
  end
  local nextTime = self.timeline:nextBoundary(position, self.current)
  if nextTime then
    self.boundary = self.timer.after(nextTime - position, function()
      self.boundary = nil
      self:drive()
    end)
  end
end

--- Starts following the playhead.
function Session:attach()
  self:listen("playing", function()
    self:drive()
  end)
  self:listen("timeupdate", function()
    self:drive()
  end)
  self:listen("pause", function()
    cancel(self.boundary)
    self.boundary = nil
    self:note(self.player.currentTime)
  end)
  self:listen("ended", function()
    self:drive()
  end)
  self:listen("seeking", function()
    if self.state == "selfSeeking" or self.state == "closed" then
      return
    end
    self.origin = self:estimatedPosition()
    self.state = "userSeeking"
  end)
  self:listen("seeked", function()
    if self.state ~= "userSeeking" then
      return
    end
    self.state = "following"
    self:decideSeek(self.origin, self.player.currentTime)
  end)
end

--- Stops following the playhead. The ads stay (resetSource removes them).
function Session:close()
  self.state = "closed"
  cancel(self.boundary)
  self.boundary = nil
  self:stopListening()
end

return M
