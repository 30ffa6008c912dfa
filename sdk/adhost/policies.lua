-- Seek and skip policies for ads stitched into the content (server-side ad insertion), as
-- THEOplayer's Uplynk and Yospace connectors decide them. The integration chooses; this module
-- only decides, it does not touch the player (adhost.stitched carries the decisions out).
--
-- In a stitched stream the ads ARE content time: "playing a break before jumping" means seeking
-- to the break's start and, once it has played, on to the target.
--
-- Policies:
--   seekOver      which unwatched breaks a seek jumps over are played before the target:
--                 "none", "last" (default: the last one before the target) or "all" (in order)
--   seekDuringAd  "allow" (default) or "refuse": a seek while an ad plays is undone
-- Always:
--   * seeking into an unwatched break starts it from its beginning;
--   * watched breaks are not played again: landing in one goes on from its end;
--   * skipping is allowed only once the ad has played its skipOffset (-1: never).

local M = {}

M.seekOverValues = { none = true, last = true, all = true }
M.seekDuringAdValues = { allow = true, refuse = true }

local Policy = {}
Policy.__index = Policy

--- A policy from `{seekOver =, seekDuringAd =}` (both optional). Fails on an unknown value.
function M.new(options)
  options = options or {}
  local seekOver = options.seekOver or "last"
  local seekDuringAd = options.seekDuringAd or "allow"
  if not M.seekOverValues[seekOver] then
    error(string.format('seekOver: expected "none", "last" or "all", found %q', tostring(seekOver)), 0)
  end
  if not M.seekDuringAdValues[seekDuringAd] then
    error(string.format('seekDuringAd: expected "allow" or "refuse", found %q', tostring(seekDuringAd)), 0)
  end
  return setmetatable({ seekOver = seekOver, seekDuringAd = seekDuringAd }, Policy)
end

--- The policy that an SSAI configuration's `seekOver` and `seekDuringAd` name (`ssai`: a reader
--- of adhost.config). A bad value fails naming its JSON path (`sources[0].ssai.seekOver: …`).
function M.read(ssai)
  local ok, policy = pcall(M.new, {
    seekOver = ssai:string("seekOver", nil),
    seekDuringAd = ssai:string("seekDuringAd", nil),
  })
  if not ok then
    error(ssai.path .. "." .. tostring(policy), 0)
  end
  return policy
end

local function contains(entry, position)
  return entry.startTime <= position and position < entry.endTime
end

--- Decides a seek from `origin` to `target` (content seconds). `breaks` are
--- `{startTime =, endTime =, watched =}` ordered by start; `adPlaying` says whether an ad plays.
--- Returns a plan: `{refuse = true}`, or `{stops = {position, …}, reasons = {…}}` — the
--- positions to go to, in order: the first at once (it may be the target itself), each next one
--- once the break at the previous position has played. The last stop is the target, or the
--- start of the unwatched break the target lies in (the content then goes on from that break's
--- end), or the end of the watched one. Each stop's reason: "seekOver" (a jumped-over break
--- plays first), "into" (the start of the break the target lies in), "watched" (the end of the
--- watched break it lies in) or "target".
function Policy:planSeek(origin, target, breaks, adPlaying)
  if adPlaying and self.seekDuringAd == "refuse" then
    return { refuse = true }
  end
  local jumped, landing = {}, nil
  for _, entry in ipairs(breaks) do
    if contains(entry, target) then
      landing = entry
    elseif not entry.watched and entry.startTime > origin and entry.endTime <= target then
      jumped[#jumped + 1] = entry
    end
  end
  local played = {}
  if self.seekOver == "all" then
    played = jumped
  elseif self.seekOver == "last" and #jumped > 0 and not (landing and not landing.watched) then
    played = { jumped[#jumped] }
  end
  local stops, reasons = {}, {}
  for _, entry in ipairs(played) do
    stops[#stops + 1] = entry.startTime
    reasons[#reasons + 1] = "seekOver"
  end
  if landing and landing.watched then
    stops[#stops + 1] = landing.endTime
    reasons[#reasons + 1] = "watched"
  elseif landing then
    stops[#stops + 1] = landing.startTime
    reasons[#reasons + 1] = "into"
  else
    stops[#stops + 1] = target
    reasons[#reasons + 1] = "target"
  end
  return { stops = stops, reasons = reasons }
end

--- Whether an ad that has played `played` seconds may be skipped, and if not, why.
function M.canSkip(skipOffset, played)
  if skipOffset == nil or skipOffset < 0 then
    return false, "it is not skippable"
  end
  if played + 1e-6 < skipOffset then
    return false, string.format("it is skippable after %g s and has played %g s", skipOffset, played)
  end
  return true
end

return M
