-- Plays ad breaks client-side, the way THEOplayer and the IMA SDK play VAST ads: when the
-- playhead reaches a break, the content pauses, each ad of the break begins, reports its
-- progress on the player's clock and ends, and then the content resumes.
--
-- Tracking (impression, start, quartiles, complete, skip) is the host's: ads are created with
-- `vast = …`, so beginAd / updateAdProgress / endAd / skipAd fire the VAST beacons natively.
--
-- Seek policy: a break the playhead jumps over does not play, except the last one before the
-- seek target, which plays when playback goes on (like Uplynk's `playLast`). Played and
-- jumped-over breaks do not play again.

local describe = require("_adhost.describe")
local sessionbase = require("_adhost.sessionbase")

local seconds, describeAd = describe.seconds, describe.ad

local M = {}

-- How often an ad reports its progress, in seconds of the player's clock.
M.progressInterval = 0.25

-- A break is reached when the playhead is this close to it: a timer of `offset - now` seconds
-- may land a microsecond short once the host rounds it to its clock.
local REACHED_TOLERANCE = 1e-6

local Session = {}
Session.__index = Session
sessionbase.install(Session)
local cancel = sessionbase.cancel

--- A session plays the breaks of one source for `controller`. `slot` is the player size used
--- to choose media files: `{width =, height =}`.
function M.new(controller, slot)
  return setmetatable({
    controller = controller,
    slot = slot,
    breaks = {}, -- { adBreak =, offset = seconds, done = bool }, ordered by offset
    deferred = {}, -- { offset = parsed offset, plays = {…} } waiting for the content duration
    listeners = {}, -- { type =, fn = } added to the player
    playing = nil, -- the break being played: { entry =, ads =, index =, ad =, elapsed =, ticker =, ender = }
    arm = nil, -- the timer that fires when the playhead reaches the next break
    seeking = false,
    closed = false,
  }, Session)
end

-- Loading VAST and creating the breaks: _adhost.schedule adds those methods to Session.
require("_adhost.schedule")(Session)

-- Breaks at or past the content's end are post-rolls: they play on `ended`, never on the way.
local function isPostRoll(entry)
  local duration = player.duration
  return duration == duration and duration < math.huge and entry.offset >= duration
end

-- The break to play now: of the breaks the playhead has reached and that have not played, the
-- last one; the others were jumped over.
local function reachedBreak(self, position, includePostRolls)
  local found
  for _, entry in ipairs(self.breaks) do
    if entry.offset > position + REACHED_TOLERANCE then
      break
    end
    if not entry.done and (includePostRolls or not isPostRoll(entry)) then
      if found then
        found.done = true
        log.info(string.format("break at %s jumped over: it will not play", seconds(found.offset)))
      end
      found = entry
    end
  end
  return found
end

--- Sets a timer for the moment the playhead reaches the next break that has not played.
function Session:armNextBreak()
  cancel(self.arm)
  self.arm = nil
  if self.playing or player.paused then
    return
  end
  local position = player.currentTime
  for _, entry in ipairs(self.breaks) do
    if not entry.done and entry.offset > position and not isPostRoll(entry) then
      self.arm = timer.after(entry.offset - position, function()
        self.arm = nil
        self:checkPlayhead()
      end)
      return
    end
  end
end

--- Plays the break the playhead has reached, if any; otherwise arms the timer for the next.
function Session:checkPlayhead(includePostRolls)
  if self.playing then
    return
  end
  if player.paused and not includePostRolls then
    return
  end
  local entry = reachedBreak(self, player.currentTime, includePostRolls)
  if entry then
    self:playBreak(entry)
  else
    self:armNextBreak()
  end
end

local function adsOf(entry)
  local ads = {}
  for _, ad in ipairs(entry.adBreak.ads) do
    ads[#ads + 1] = ad
  end
  return ads
end

function Session:playBreak(entry)
  entry.done = true
  cancel(self.arm)
  self.arm = nil
  local ads = adsOf(entry)
  if #ads == 0 then
    log.info(string.format("break at %s has no ads left", seconds(entry.offset)))
    return
  end
  log.info(string.format("break at %s begins at content time %s: %d ad(s)", seconds(entry.offset),
    seconds(player.currentTime), #ads))
  self.playing = { entry = entry, ads = ads, index = 0 }
  if not player.paused then
    player:pause()
  end
  self:beginNextAd()
end

local function stopAdTimers(playing)
  cancel(playing.ticker)
  cancel(playing.ender)
  playing.ticker, playing.ender = nil, nil
end

function Session:beginNextAd()
  local playing = self.playing
  local controller = self.controller
  local ad
  repeat
    playing.index = playing.index + 1
    ad = playing.ads[playing.index]
    if not ad then
      self:finishBreak()
      return
    end
  until self:try(string.format("beginAd(%q)", ad.id), function()
    controller:beginAd(ad)
  end)
  local duration = ad.duration
  playing.ad, playing.elapsed = ad, 0
  log.info(string.format("ad %d/%d begins: %s", playing.index, #playing.ads, describeAd(ad)))
  playing.ticker = timer.every(M.progressInterval, function()
    playing.elapsed = playing.elapsed + M.progressInterval
    -- The last step belongs to the end timer, which reports 1 and ends the ad.
    if playing.elapsed < duration then
      controller:updateAdProgress(ad, playing.elapsed / duration)
    end
  end)
  playing.ender = timer.after(duration, function()
    stopAdTimers(playing)
    playing.elapsed = duration
    self:try(string.format("ending ad %q", ad.id), function()
      controller:updateAdProgress(ad, 1)
      controller:endAd(ad)
    end)
    log.info(string.format("ad %q ends", ad.id))
    self:beginNextAd()
  end)
end

function Session:finishBreak()
  local entry = self.playing.entry
  self.playing = nil
  if player.ended or isPostRoll(entry) then
    log.info(string.format("break at %s ends; the content has ended", seconds(entry.offset)))
    return
  end
  log.info(string.format("break at %s ends; content resumes at %s", seconds(entry.offset),
    seconds(player.currentTime)))
  player:play()
end

--- The `skipAd` of a handler: skips `ad` if it is the ad playing and its skip offset has passed.
--- Returns whether it skipped.
function Session:skip(ad)
  local playing = self.playing
  if not playing or playing.ad ~= ad then
    log.warn(string.format("skip refused: ad %q is not playing", tostring(ad and ad.id)))
    return false
  end
  local skipOffset = ad.skipOffset
  if skipOffset == nil or skipOffset < 0 then
    log.warn(string.format("skip refused: ad %q is not skippable", ad.id))
    return false
  end
  if playing.elapsed < skipOffset then
    log.warn(string.format("skip refused: ad %q is skippable after %s, it has played %s", ad.id,
      seconds(skipOffset), seconds(playing.elapsed)))
    return false
  end
  stopAdTimers(playing)
  self:try(string.format("skipAd(%q)", ad.id), function()
    self.controller:skipAd(ad)
  end)
  log.info(string.format("ad %q skipped after %s", ad.id, seconds(playing.elapsed)))
  self:beginNextAd()
  return true
end

--- Starts following the playhead.
function Session:attach()
  -- The player schedules its content timers right after `playing` is dispatched, so a pause
  -- from inside that listener would leave them running: act on the next turn of the clock.
  self:listen("playing", function()
    timer.after(0, function()
      if self.closed then
        return
      end
      self:placeDeferredBreaks()
      if self.playing and not player.paused then
        -- The content and an ad share one screen: the content waits for the break.
        log.info("content paused again: a break is playing")
        player:pause()
        return
      end
      self:checkPlayhead()
    end)
  end)
  -- A seek reports the new position before `seeked`; decide once the seek is done.
  self:listen("seeking", function()
    self.seeking = true
  end)
  self:listen("seeked", function()
    self.seeking = false
    self:checkPlayhead()
  end)
  self:listen("timeupdate", function()
    if not self.seeking then
      self:checkPlayhead()
    end
  end)
  self:listen("pause", function()
    cancel(self.arm)
    self.arm = nil
  end)
  self:listen("ended", function()
    self:placeDeferredBreaks()
    self:checkPlayhead(true)
  end)
end

--- Stops everything this session started: its timers and its player listeners. The ads stay.
function Session:close()
  self.closed = true
  cancel(self.arm)
  self.arm = nil
  if self.playing then
    stopAdTimers(self.playing)
    self.playing = nil
  end
  self:stopListening()
  self.deferred = {}
end

--- Whether the session has anything to play.
function Session:isEmpty()
  return #self.breaks == 0 and #self.deferred == 0
end

return M
