-- AWS Elemental MediaTailor with client-side ad tracking: the ads are stitched into the stream
-- by MediaTailor; the player learns where they are from the tracking URL and reports them.
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription (docs/mediatailor.md):
--   integration   "mediatailor" (or integration = "custom", customIntegration = "mediatailor")
--   sessionUrl    the session initialization URL; default the typed source's `src`
--   adsParams     object sent as `adsParams` (player variables for the ad decision server)
--   manifestParams object sent as `manifestParams`, if given
--   pollInterval  seconds between tracking polls; default the playlist's target duration (DASH: the
--                 MPD's minimumUpdatePeriod)
--   seekOver      "none", "last" (default) or "all": jumped-over breaks played before the target
--   seekDuringAd  "allow" (default) or "refuse"
--   timeout       seconds per request; default the host's
--   fallbackUrl   the content without ads, played when no session can be started
--   insertionMode "GUIDED": MediaTailor's server-guided mode (HLS Interstitials, tracking in the
--                 asset lists: lib/mediatailorguided.lua); "STITCHED" or absent: stitched
--
-- setSource POSTs `{"adsParams": …, "reportingMode": "client"}` to the session URL, reads
-- `manifestUrl` and `trackingUrl` (relative to the session URL) and plays the manifest. The
-- tracking URL is polled about once per target duration (VOD: until one answer is read; live:
-- for as long as the content plays). Each avail is a break (`availId`), each ad an ad
-- (`adId`); a poll that brings them again updates them. A failed session start is an `aderror`
-- and `fallbackUrl` plays without ads (without `fallbackUrl`, a fatal error: there is nothing to
-- play); a failed poll, or an answer that is not JSON, is an `aderror` and the content plays.

local adsource = require("adhost.source")
local handler = require("adhost.handler")
local httpjson = require("adhost.httpjson")
local policies = require("adhost.policies")
local tracking = require("lib.mediatailortracking")
local dash = require("lib.mediatailordash")
local guided = require("lib.mediatailorguided")

local INTEGRATION = "mediatailor"
local DEFAULT_POLL_INTERVAL = 5

local function readSettings(ssai, typed)
  local sessionUrl = ssai:string("sessionUrl", typed.src)
  if type(sessionUrl) ~= "string" or not sessionUrl:match("^https?://[^/?#]") then
    ssai:fail("sessionUrl", "the session initialization URL (http or https), or a src that is one")
  end
  local function object(name)
    local value = ssai:raw(name)
    if value ~= nil and (type(value) ~= "table" or value[1] ~= nil) then
      ssai:fail(name, "an object")
    end
    return value
  end
  local policy = policies.read(ssai)
  local fallbackUrl = ssai:string("fallbackUrl", nil)
  if fallbackUrl ~= nil and not fallbackUrl:match("^https?://[^/?#]") then
    ssai:fail("fallbackUrl", "the content's URL (http or https)")
  end
  local insertionMode = ssai:string("insertionMode", nil)
  if insertionMode ~= nil and insertionMode ~= "GUIDED" and insertionMode ~= "STITCHED" then
    ssai:fail("insertionMode", '"GUIDED" or "STITCHED"')
  end
  return {
    insertionMode = insertionMode,
    sessionUrl = sessionUrl,
    fallbackUrl = fallbackUrl,
    adsParams = object("adsParams") or {},
    manifestParams = object("manifestParams"),
    pollInterval = ssai:positiveNumber("pollInterval", nil),
    timeout = ssai:positiveNumber("timeout", nil),
    policy = policy,
  }
end

local function stopPolling(state)
  if state.poller then
    state.poller:cancel()
    state.poller = nil
  end
end

-- Reads the tracking URL once into the run's session (a VOD answer holds every avail: polling
-- stops).
local function poll(controller, run, state)
  local options = { timeout = state.settings.timeout, kind = "tracking" }
  local answer, failure = http.get(state.trackingUrl, options)
  local data, problem = httpjson.read(json, answer, failure)
  if not run:isCurrent() then
    return
  end
  if not data then
    controller:error(string.format("MediaTailor tracking %s: %s", state.trackingUrl, problem))
    return
  end
  local mpd = player.mpd
  if mpd then
    data = dash.rebase(data, mpd, state.warned, log.warn)
  end
  tracking.apply(run.session, data, function(unreadable)
    controller:error("MediaTailor tracking: " .. unreadable)
  end)
  local manifest = player.playlist or mpd
  if manifest and not manifest.live then
    -- VOD: the answer holds every avail; no need to ask again.
    stopPolling(state)
  end
end

local function startPolling(controller, run, state)
  local playlist, mpd = player.playlist, player.mpd
  local interval = state.settings.pollInterval or (playlist and playlist.targetDuration)
    or (mpd and mpd.minimumUpdatePeriod) or DEFAULT_POLL_INTERVAL
  log.info(string.format("%s: polling %s every %g s", INTEGRATION, state.trackingUrl, interval))
  state.poller = timer.every(interval, function()
    poll(controller, run, state)
  end)
  poll(controller, run, state)
end

-- POSTs the session request; its answer (manifestUrl, and trackingUrl unless guided), or nil
-- and why not.
local function startSession(settings)
  local isGuided = settings.insertionMode == "GUIDED"
  local body = { adsParams = settings.adsParams, reportingMode = "client" }
  if settings.manifestParams then
    body.manifestParams = settings.manifestParams
  end
  body.insertionMode = settings.insertionMode
  log.info(string.format("%s: starting a session at %s", INTEGRATION, settings.sessionUrl))
  local answer, problem = httpjson.read(json, http.post(settings.sessionUrl, json.encode(body), {
    headers = { ["content-type"] = "application/json" },
    timeout = settings.timeout,
    kind = "session",
  }))
  if answer and isGuided and type(answer.manifestUrl) ~= "string" then
    return nil, "expected JSON with manifestUrl"
  elseif answer and not isGuided
    and (type(answer.manifestUrl) ~= "string" or type(answer.trackingUrl) ~= "string") then
    return nil, "expected JSON with manifestUrl and trackingUrl"
  end
  return answer, problem
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return handler.ssai(controller, INTEGRATION, function(run, ssai, typed, source)
    local settings = readSettings(ssai, typed)
    local answer, problem = startSession(settings)
    if not answer then
      local text = string.format("MediaTailor session %s failed: %s", settings.sessionUrl, problem)
      if settings.fallbackUrl then
        controller:error(string.format("%s; playing %s without ads", text, settings.fallbackUrl))
        return adsource.withPlayUrl(source, typed, settings.fallbackUrl)
      end
      controller:fatalError(text)
      return true
    end
    local manifestUrl = url.resolve(settings.sessionUrl, answer.manifestUrl)
    if settings.insertionMode == "GUIDED" and manifestUrl then
      -- The tracking URL is not used: each asset list carries its tracking.
      run:begin(guided.new(controller, settings)):attach()
      log.info(string.format("%s: guided session, manifest %s", INTEGRATION, manifestUrl))
      return adsource.withPlayUrl(source, typed, manifestUrl)
    end
    local trackingUrl = url.resolve(settings.sessionUrl, answer.trackingUrl)
    if not manifestUrl or not trackingUrl then
      controller:fatalError(string.format("MediaTailor session %s: unusable URLs %q, %q",
        settings.sessionUrl, answer.manifestUrl, answer.trackingUrl))
      return true
    end
    local state = { settings = settings, trackingUrl = trackingUrl, started = false, warned = {} }
    run:stitched({ policy = settings.policy }):attach()
    run:onClose(function()
      stopPolling(state)
    end)
    -- The playlist (and its target duration) is known once the source has loaded.
    run:listen("sourcechange", function()
      if run:isCurrent() and not state.started then
        state.started = true
        startPolling(controller, run, state)
      end
    end)
    run:listen("ended", function()
      stopPolling(state)
    end)
    log.info(string.format("%s: manifest %s, tracking %s", INTEGRATION, manifestUrl, trackingUrl))
    return adsource.withPlayUrl(source, typed, manifestUrl)
  end)
end)
