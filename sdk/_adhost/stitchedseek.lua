-- How a session of adhost.stitched follows seeks and skips: where the playhead was before a
-- seek, the session's own seeks, a user's seek planned by the session's policy (refused, or
-- sent to the breaks it jumps over first) and a skip (a seek to the ad's end). Internal to
-- adhost.stitched, which installs these methods on its sessions.

local adtimeline = require("_adhost.adtimeline")
local policies = require("adhost.policies")

local M = {}

local EPSILON = adtimeline.EPSILON
local contains = adtimeline.contains

--- Adds the methods to adhost.stitched's session class.
function M.install(Session)
  function Session:note(position)
    self.lastPosition, self.lastClock = position, self.timer.now()
  end

  -- Where the playhead was just before a seek: the last position seen, moved on by the clock.
  function Session:estimatedPosition()
    if self.player.paused then
      return self.lastPosition
    end
    return self.lastPosition + (self.timer.now() - self.lastClock)
  end

  -- The session's own seek ("selfSeeking" while it lasts). A user's seek under way, a session
  -- closed, or an own seek it is part of, go on after it; else the playhead "jumped".
  function Session:seekInternal(position)
    local resume = self.state
    if self:isFollowing() then
      resume = "jumped"
    end
    self.state = "selfSeeking"
    local ok, message = pcall(function()
      self.player.currentTime = position
    end)
    if self.state == "selfSeeking" then
      self.state = resume
    end
    self:note(self.player.currentTime)
    if not ok then
      self.log.error("seek failed: " .. tostring(message))
    end
  end

  -- After a seek back to where the playhead was (a refused seek) or to the end of an ad it
  -- skipped: nothing was left part-way, so the next pass follows the playhead as usual.
  function Session:settle()
    if self.state == "jumped" then
      self.state = "following"
    end
  end

  -- A seek by the user (or the `seek` action) from `origin` to `target`.
  function Session:decideSeek(origin, target)
    local plan = self.policy:planSeek(origin, target, self.timeline:policyView(), self.current ~= nil)
    if plan.refuse then
      self.log.warn(string.format("seek to %g s refused: ad %q is playing", target, self.current.key))
      self:seekInternal(origin)
      self:settle()
      self:drive()
      return
    end
    self.stops = plan.stops
    local first = table.remove(self.stops, 1)
    if math.abs(first - target) > EPSILON then
      self.log.info(string.format("seek to %g s: to %g s instead (%s)", target, first,
        self:seekReason(plan.reasons[1], target)))
      self:seekInternal(first)
    end
    local at = self.player.currentTime + EPSILON
    local current = self.current
    if current and not contains(current, at) then
      -- What it played up to the seek (the skip's playedPercentage).
      self:try(string.format("updateAdProgress(%q)", current.key), function()
        self.controller:updateAdProgress(current.ad, adtimeline.progress(current, origin))
      end)
      self:finishAd(current, false)
    end
    if self.activeBreak and not contains(self.activeBreak, at) then
      self:leaveBreak(self.activeBreak, false, false)
    end
    if self.state == "following" then
      self.state = "jumped"
    end
    self:drive()
  end

  -- Why a seek goes to its plan's first stop rather than to `target`, in words for the log.
  function Session:seekReason(reason, target)
    local landing = self.timeline:breakAt(target)
    if reason == "into" and landing then
      return string.format("into the break at %g s, which plays from its beginning", landing.startTime)
    elseif reason == "watched" and landing then
      return string.format("into the break at %g s, already %s: on from its end", landing.startTime,
        landing.leftEarly and "left part-way" or "watched")
    end
    return string.format("seekOver = %s: a break jumped over plays first", self.policy.seekOver)
  end

  --- The handler's skipAd: skips `ad` when it plays and has passed its skipOffset, by seeking to
  --- its end. Returns whether it skipped.
  function Session:skip(ad)
    local current = self.current
    if not current or current.ad ~= ad then
      self.log.warn(string.format("skip refused: ad %q is not playing", tostring(ad and ad.id)))
      return false
    end
    local played = self.player.currentTime - current.startTime
    local allowed, reason = policies.canSkip(current.skipOffset, played)
    if not allowed then
      self.log.warn(string.format("skip refused: ad %q: %s", current.key, reason))
      return false
    end
    self.current = nil
    current.state = "played"
    self:try(string.format("skipAd(%q)", current.key), function()
      self.controller:updateAdProgress(ad, adtimeline.progress(current, self.player.currentTime))
      self.controller:skipAd(ad)
    end)
    self.log.info(string.format("ad %q skipped after %g s: on to its end, %g s", current.key, played,
      current.endTime))
    self:seekInternal(current.endTime)
    self:settle()
    self:drive()
    return true
  end
end

return M
