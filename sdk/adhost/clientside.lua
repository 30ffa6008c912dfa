-- Plays ad breaks client-side, the way THEOplayer and the IMA SDK play VAST ads: when the
-- playhead reaches a break, the content pauses, each ad of the break begins, reports its
-- progress on the player's clock and ends, and then the content resumes.
--
-- The playing is the host's client-side engine (`clientside.engine`), the same one that plays a
-- source's own `ads` (integration `csai`), and so is the plan of each break's VAST (`vast.plan`:
-- pod, stand-ins, media files, VAST errors 101 and 403): this module loads the breaks
-- (_adhost.schedule), hands each to the engine, and says in the log what the engine does. The
-- engine's rules: a break plays when the playhead reaches it; a seek that jumps over breaks plays
-- only the last one it passed (like Uplynk's `playLast`), once the seek is done; played and
-- jumped-over breaks do not play again; breaks at or past the content's end play on `ended`; each
-- ad reports its progress every 0.25 s and ends at its duration.
--
-- Tracking (impression, start, quartiles, complete, skip) is the host's: ads are created with
-- `vast = …`, so the engine's beginAd / updateAdProgress / endAd / skipAd fire the VAST beacons
-- natively.

local describe = require("_adhost.describe")

local seconds, describeAd = describe.seconds, describe.ad

local M = {}

local Session = {}
Session.__index = Session

-- What the engine did, in `log`; a failing controller call is a non-fatal `aderror`.
local function narrator(controller, log)
  local lines = {
    jumpedOver = function(offset)
      log.info(string.format("break at %s jumped over: it will not play", seconds(offset)))
    end,
    noAdsLeft = function(offset)
      log.info(string.format("break at %s has no ads left", seconds(offset)))
    end,
    breakBegins = function(offset, contentTime, count)
      log.info(string.format("break at %s begins at content time %s: %d ad(s)", seconds(offset),
        seconds(contentTime), count))
    end,
    adBegins = function(index, total, ad)
      log.info(string.format("ad %d/%d begins: %s", index, total, describeAd(ad)))
    end,
    adEnds = function(ad)
      log.info(string.format("ad %q ends", ad.id))
    end,
    adSkipped = function(ad, after)
      log.info(string.format("ad %q skipped after %s", ad.id, seconds(after)))
    end,
    breakEnds = function(offset, resumesAt)
      if resumesAt then
        log.info(string.format("break at %s ends; content resumes at %s", seconds(offset),
          seconds(resumesAt)))
      else
        log.info(string.format("break at %s ends; the content has ended", seconds(offset)))
      end
    end,
    pausedAgain = function()
      log.info("content paused again: a break is playing")
    end,
    skipRefused = function(reason, ad, skipOffset, played)
      if reason == "notPlaying" then
        log.warn(string.format("skip refused: ad %q is not playing", tostring(ad and ad.id)))
      elseif reason == "notSkippable" then
        log.warn(string.format("skip refused: ad %q is not skippable", ad.id))
      else
        log.warn(string.format("skip refused: ad %q is skippable after %s, it has played %s", ad.id,
          seconds(skipOffset), seconds(played)))
      end
    end,
    callFailed = function(call, ad, message)
      local what
      if call == "beginAd" or call == "skipAd" then
        what = string.format("%s(%q)", call, ad.id)
      else
        what = string.format("ending ad %q", ad.id)
      end
      local text = string.format("%s failed: %s", what, message)
      log.error(text)
      controller:error(text)
    end,
  }
  return function(kind, ...)
    lines[kind](...)
  end
end

--- A session plays the breaks of one source for `controller`. `options.width` and
--- `options.height` are the player size used to choose media files. The host's services it uses
--- are `options.log`, `options.vast` and `options.clientside` (whose `engine`
--- plays the breaks), by default the globals of the same names (a test gives its own).
function M.new(controller, options)
  options = options or {}
  local session = setmetatable({
    controller = controller,
    slot = { width = options.width, height = options.height },
    closed = false,
    log = options.log or log,
    vast = options.vast or vast,
  }, Session)
  session.engine = (options.clientside or clientside).engine(controller, narrator(controller, session.log))
  return session
end

-- Loading VAST and creating the breaks: _adhost.schedule adds those methods to Session.
require("_adhost.schedule")(Session)

--- The `skipAd` of a handler: skips `ad` if it is the ad playing and its skip offset has passed.
--- Returns whether it skipped.
function Session:skip(ad)
  return self.engine:skip(ad)
end

--- Starts following the playhead.
function Session:attach()
  self.engine:attach()
end

--- Stops everything this session started: its timers and its player listeners. The ads stay.
function Session:close()
  self.closed = true
  self.engine:close()
end

--- Whether the session has anything to play.
function Session:isEmpty()
  return self.engine.isEmpty
end

return M
