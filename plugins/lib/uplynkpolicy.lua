-- THEOplayer's Uplynk `skippedAdStrategy` as a seek policy for adhost.stitched: adhost.policies
-- decides, with one difference for `playNone`: a seek that lands inside an unwatched break goes
-- on from that break's end (the break stays unwatched), where adhost.policies would play it
-- from its beginning. `playAll` and `playLast` play the break landed in from its beginning, as
-- adhost.policies does.

local policies = require("adhost.policies")
local uplynkconfig = require("lib.uplynkconfig")

local M = {}

local Policy = {}
Policy.__index = Policy

--- The policy of `strategy` ("playAll", "playLast" or "playNone").
function M.new(strategy)
  local base = policies.new({ seekOver = uplynkconfig.strategies[strategy] })
  return setmetatable({ base = base, strategy = strategy, seekOver = base.seekOver }, Policy)
end

--- As adhost.policies' planSeek; a playNone landing in an unwatched break has the reason
--- "passedOver" and the break's end as its stop.
function Policy:planSeek(origin, target, breaks, adPlaying)
  local plan = self.base:planSeek(origin, target, breaks, adPlaying)
  local last = plan.stops and #plan.stops or 0
  self.passedOver = nil
  if self.strategy == "playNone" and last > 0 and plan.reasons[last] == "into" then
    for _, entry in ipairs(breaks) do
      if entry.startTime <= target and target < entry.endTime then
        plan.stops[last], plan.reasons[last] = entry.endTime, "passedOver"
        self.passedOver = entry
      end
    end
  end
  return plan
end

--- Why the last plan's stop of reason "passedOver" is not the target, in words for the log; nil
--- for other reasons.
function Policy:describe(reason)
  if reason == "passedOver" and self.passedOver then
    return string.format("skippedAdStrategy = playNone: the break at %g s is passed over, on from its end",
      self.passedOver.startTime)
  end
  return nil
end

return M
