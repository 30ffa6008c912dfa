-- Uplynk (Edgio / Vidispine) server-side ad insertion, as THEOplayer's Uplynk connector does it:
-- a Preplay v2 request starts a session whose play URL has the ads stitched in; its `ads` say
-- where; the player reports them and sends their beacons; the Ping API v3 keeps the session
-- told of the playhead and may bring more breaks.
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription (docs/uplynk.md):
--   integration        "uplynk" (or integration = "custom", customIntegration = "uplynk")
--   assetIds / id      the asset id(s) (a string or a list); or externalIds with userId
--   assetType          "asset" (VOD, default), "channel" or "event" (live)
--   prefix             the Preplay origin; default https://content.uplynk.com
--   preplayParameters  extra Preplay query parameters (an object, or [name, value] pairs)
--   contentProtected   true: the Preplay request asks for FairPlay HLS (manifest=m3u8&rmt=fps)
--   uplynkPingConfiguration {adImpressions, freeWheelVideoViews, linearAdData}: enables pings
--   playbackUrlParameters   query parameters added to the play URL
--   skippedAdStrategy  "playNone" (default), "playLast" or "playAll"
--   defaultSkipOffset  seconds after which each ad may be skipped; -1 (default): never
--   timeout            seconds per request; default the host's
--
-- A Preplay request that fails (no answer, a status other than 2xx, not JSON, no playURL or
-- sid) is fatal (`controller:fatalError`): there is no stream to play. A ping that fails is an
-- `aderror` and the content plays on (lib/uplynkping.lua).

local adsource = require("adhost.source")
local handler = require("adhost.handler")
local httpjson = require("adhost.httpjson")
local uplynkads = require("lib.uplynkads")
local uplynkconfig = require("lib.uplynkconfig")
local uplynkping = require("lib.uplynkping")
local uplynkpolicy = require("lib.uplynkpolicy")

local INTEGRATION = "uplynk"

-- The Preplay answer, checked; or nil and why it cannot be used.
local function preplay(settings)
  local data, problem =
    httpjson.read(json, http.get(settings.preplayUrl, { timeout = settings.timeout, kind = "session" }))
  if not data then
    return nil, problem
  end
  if type(data.playURL) ~= "string" or data.playURL == "" or type(data.sid) ~= "string" or data.sid == "" then
    return nil, "expected JSON with playURL and sid"
  end
  if settings.ping and (type(data.prefix) ~= "string" or not data.prefix:match("^https?://[^/?#]")) then
    return nil, "expected a prefix (the session's origin, for pings)"
  end
  local playUrl = url.resolve(settings.preplayUrl, data.playURL)
  if not playUrl then
    return nil, string.format("playURL %q is not a URL", data.playURL)
  end
  if settings.playbackUrlParameters then
    playUrl = playUrl .. (playUrl:find("?", 1, true) and "&" or "?") .. settings.playbackUrlParameters
  end
  return data, playUrl
end

-- The run's stitched session, whose seeks follow the skippedAdStrategy. adhost.stitched words
-- the log line of a seek the policy moved by its own reasons; playNone's "passedOver" is worded
-- here.
local function newSession(run, settings)
  local policy = uplynkpolicy.new(settings.skippedAdStrategy)
  local session = run:stitched({ policy = policy })
  local describe = session.seekReason
  function session:seekReason(reason, target)
    return policy:describe(reason) or describe(self, reason, target)
  end
  return session
end

-- Pings the session (Ping API v3) while the run lasts; breaks a ping brings are applied.
local function startPings(controller, run, settings, data, apply)
  local ping = uplynkping.new(controller, {
    prefix = data.prefix:gsub("/+$", ""),
    sid = data.sid,
    timeout = settings.timeout,
    onAds = function(ads, where)
      if run:isCurrent() then
        apply(ads, where)
        run.session:drive()
      end
    end,
  })
  run:onClose(function()
    ping:close()
  end)
  ping:attach()
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return handler.ssai(controller, INTEGRATION, function(run, ssai, typed, source)
    local settings = uplynkconfig.read(ssai)
    log.info(string.format("%s: Preplay %s", INTEGRATION, settings.preplayUrl))
    local data, playUrl = preplay(settings)
    if not data then
      controller:fatalError(string.format("Uplynk Preplay %s failed: %s", settings.preplayUrl, playUrl))
      return true
    end
    local session = newSession(run, settings)
    local function apply(ads, where)
      uplynkads.apply(session, ads, {
        skipOffset = settings.defaultSkipOffset,
        where = where,
        report = function(message)
          controller:error("Uplynk " .. message)
        end,
      })
    end
    apply(data.ads, "Preplay ads")
    session:attach()
    if settings.ping then
      startPings(controller, run, settings, data, apply)
    end
    log.info(string.format("%s: session %s, playing %s", INTEGRATION, data.sid, playUrl))
    return adsource.withPlayUrl(source, typed, playUrl)
  end)
end)
