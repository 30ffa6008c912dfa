-- Yospace-style SSAI, live and VOD (docs/yospace.md), configured as THEOplayer's Yospace
-- integration is: the source's `src` is the CSM URL, which answers 302 to the session's
-- stitched playlist; the session's analytics (VMAP with inline VAST at `<session
-- base>/analytics`, adhost's contract) describe the ads; live ads are placed by the tags in
-- the segments (timed ID3 in TS, `emsg` of `urn:yospace:a:id3:2016` or
-- `https://aomedia.org/emsg/ID3` in CMAF, `EXT-X-DATERANGE` with `X-COM-YOSPACE-YMID`), VOD ads
-- by the analytics' break offsets, and both tracked by the playhead (adhost.stitched).
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription:
--   integration    "yospace" (or integration = "custom", customIntegration = "yospace")
--   streamType     "live" (default), "livepause" (tracked as live) or "vod"
--   pollInterval   seconds between live analytics polls, default 5
--   seekOver, seekDuringAd, timeout   adhost's, as for the other stitched integrations
--
-- A session that cannot be started (the CSM fails, VOD analytics fail) is fatal; a failed live
-- poll is an `aderror` and the stream goes on. A tag whose YMID the analytics do not know yet is
-- held until a later poll brings it.

local adsource = require("adhost.source")
local handler = require("adhost.handler")
local inbandads = require("adhost.inbandads")
local policies = require("adhost.policies")
local yospaceanalytics = require("lib.yospaceanalytics")
local yospacetags = require("lib.yospacetags")

local INTEGRATION = "yospace"
local STREAM_TYPES = { live = true, livepause = true, vod = true }

local function readSettings(ssai, typed)
  local settings = {
    csm = ssai:string("csmUrl", typed.src),
    streamType = ssai:string("streamType", "live"),
    pollInterval = ssai:positiveNumber("pollInterval", 5),
    timeout = ssai:positiveNumber("timeout", nil),
    policy = policies.read(ssai),
  }
  if type(settings.csm) ~= "string" or settings.csm == "" then
    ssai:fail("csmUrl", "the CSM URL (or the source's src)")
  end
  if not STREAM_TYPES[settings.streamType] then
    ssai:fail("streamType", '"live", "livepause" or "vod"')
  end
  return settings
end

-- GET the CSM URL; its 302 leads to the session's playlist. Returns that URL, or nil and why.
local function startSession(settings)
  local answer, failure = http.get(settings.csm, { timeout = settings.timeout, kind = "session" })
  if not answer then
    return nil, failure
  elseif answer.status < 200 or answer.status > 299 then
    return nil, string.format("HTTP %d", answer.status)
  end
  return answer.url
end

-- VOD: each analytics break at its offset, its ads one after the other.
local function placeVOD(analytics, ads)
  for _, key in ipairs(analytics.breaks) do
    local list = analytics.breaks[key]
    local at = list.offset and list.offset.kind == "seconds" and list.offset.value
      or (list.offset and list.offset.kind == "start" and 0)
    if at then
      for _, ymid in ipairs(list.ymids) do
        ads:tag({ YMID = ymid, YSEQ = "1:1", YTYP = "S", YDUR = "0" }, at)
        at = at + analytics:describe(ymid).duration
      end
    else
      log.warn(string.format("yospace: break %s has no offset in seconds: not placed", key))
    end
  end
end

-- Live: the analytics polled every pollInterval from the first turn of the clock.
local function pollLive(controller, run, analytics, ads, every)
  local function poll()
    local added, problem = analytics:fetch()
    if not run:isCurrent() then
      return
    end
    if not added then
      controller:error(string.format("yospace: analytics poll %s failed: %s", analytics.url, problem))
      return
    end
    if added > 0 then
      log.info(string.format("yospace: analytics: %d new ad(s)", added))
      ads:refresh()
    end
  end
  local poller = timer.every(every, poll)
  run:onClose(function()
    poller:cancel()
  end)
  timer.after(0, function()
    if run:isCurrent() then
      poll()
    end
  end)
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return handler.ssai(controller, INTEGRATION, function(run, ssai, typed, source)
    local settings = readSettings(ssai, typed)
    log.info(string.format("yospace: session %s (%s)", settings.csm, settings.streamType))
    local playlist, problem = startSession(settings)
    if not playlist then
      controller:fatalError(string.format("Yospace session %s failed: %s", settings.csm, problem))
      return true
    end
    local analytics = yospaceanalytics.new(url.resolve(playlist, "analytics"), settings.timeout)
    local live = settings.streamType ~= "vod"
    local session = run:stitched({ policy = settings.policy, lateJoin = live })
    local ads = inbandads.new(session, {
      describe = function(ymid)
        return analytics:describe(ymid)
      end,
      -- HLS: the playlist's target duration; else the ad's duration over its segments.
      segmentDuration = function()
        return player.playlist and player.playlist.targetDuration
      end,
    })
    if live then
      yospacetags.listen(run, ads)
      pollLive(controller, run, analytics, ads, settings.pollInterval)
    else
      local added, failure = analytics:fetch()
      if not added then
        controller:fatalError(string.format("Yospace analytics %s failed: %s", analytics.url, failure))
        return true
      end
      placeVOD(analytics, ads)
    end
    session:attach()
    log.info(string.format("yospace: playing %s", playlist))
    return adsource.withPlayUrl(source, typed, playlist)
  end)
end)
