-- The scheduling half of a client-side session (adhost.clientside): plans a break from its VAST
-- (`vast.plan`: the host's rules, the same as the built-in `csai` integration's), reports what
-- cannot play, and creates the break and its ads. Installed as methods of the session class:
-- `require("_adhost.schedule")(Session)`. It uses the session's services (`self.log`,
-- `self.vast`; adhost.clientside sets them).

local describe = require("_adhost.describe")
local offset = require("adhost.offset")

local seconds, describeAd = describe.seconds, describe.ad

-- The total duration of the planned ads, in seconds.
local function totalDuration(plays)
  local total = 0
  for _, play in ipairs(plays) do
    total = total + play.vast.duration
  end
  return total
end

return function(Session)
  --- Reports the ads of a plan that cannot play (the host fired their VAST Error URLs with the
  --- IAB code): a warning and a non-fatal `aderror` each.
  function Session:reportUnplayable(problems, where)
    for _, problem in ipairs(problems) do
      local message = string.format("%s: %s (VAST error %d)", where, problem.message, problem.code)
      self.log.warn(message)
      self.controller:error(message)
    end
  end

  --- Creates the break at `timeOffset` seconds (or adds to the one there) with an ad per play.
  function Session:addBreak(timeOffset, plays)
    if #plays == 0 then
      return nil
    end
    local controller = self.controller
    -- Breaks at one offset share one ad break (the engine knows it).
    local adBreak = self.engine:adBreakAt(timeOffset)
    local total = totalDuration(plays)
    if adBreak == nil then
      adBreak = controller:createAdBreak({ timeOffset = timeOffset, maxDuration = total })
    else
      controller:updateAdBreak(adBreak, { maxDuration = total + (adBreak.maxDuration or 0) })
    end
    for _, play in ipairs(plays) do
      local media = play.media
      local ad = controller:createAd({
        type = "linear",
        vast = play.vast,
        resourceURI = media.url,
        width = media.width,
        height = media.height,
      }, adBreak)
      self.log.info(string.format("break at %s: ad %s, media %s %sx%s %s", seconds(timeOffset),
        describeAd(ad), tostring(media.type), tostring(media.width), tostring(media.height), media.url))
    end
    self.engine:addBreak(adBreak, timeOffset)
    return adBreak
  end

  local function describeFailure(failure)
    if type(failure) == "table" then
      return string.format("VAST error %s: %s", tostring(failure.code), tostring(failure.message))
    end
    return tostring(failure)
  end

  --- Plans the break of the VAST at `tagUrl` (`vast.plan` with `vastOptions` and the session's
  --- slot) and schedules its ads at `parsedOffset` (see adhost.offset); `where` names the break
  --- in logs and errors. No ad is a non-fatal `aderror`. Returns false when the session was
  --- closed while the request was pending.
  function Session:loadBreak(where, tagUrl, parsedOffset, vastOptions)
    self.log.info(string.format("%s: requesting ads: %s", where, tagUrl))
    local options = { width = self.slot.width, height = self.slot.height }
    for key, value in pairs(vastOptions or {}) do
      options[key] = value
    end
    local plan, failure = self.vast.plan(tagUrl, options)
    if self.closed then
      return false
    end
    if not plan or plan.adCount == 0 then
      local reason = plan and "the response holds no ad" or describeFailure(failure)
      local message = string.format("%s: no ad (%s)", where, reason)
      self.log.warn(message)
      self.controller:error(message)
      return true
    end
    self.log.info(string.format("%s: %d ad(s) in the response", where, plan.adCount))
    self:reportUnplayable(plan.problems, where)
    local plays = plan.plays
    if offset.needsDuration(parsedOffset) then
      self:deferBreak(parsedOffset, plays)
    else
      self:addBreak(offset.resolve(parsedOffset), plays)
    end
    return true
  end

  --- Keeps plays for a break whose offset needs the content's duration ("end", "N%"): the engine
  --- holds it until the content starts and its duration is known, and then it is placed.
  function Session:deferBreak(parsedOffset, plays)
    if #plays == 0 then
      return
    end
    self.engine:whenDurationKnown(function(duration)
      local timeOffset = offset.resolve(parsedOffset, duration)
      if timeOffset then
        self:addBreak(timeOffset, plays)
      else
        local message = string.format("the break at %s needs the content's duration, which is unknown (%s)",
          offset.describe(parsedOffset), tostring(duration))
        self.log.warn(message)
        self.controller:error(message)
      end
    end)
  end

  --- Places the breaks that waited for the content's duration now (the content has started).
  function Session:placeDeferredBreaks()
    self.engine:placeWaiting()
  end
end
