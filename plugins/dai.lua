-- Google Ad Manager Dynamic Ad Insertion (full service, client-initiated tracking), as
-- THEOplayer's DAI integration is configured: a stream request creates the stream with the ads
-- stitched in; the player reports the ads and pings Google's media verification with each
-- `google_…` id that the segments carry (timed ID3 in TS, `emsg` in CMAF) when it is reached.
--
-- SSAI configuration, in `sources[i].ssai` of the SourceDescription (docs/dai.md):
--   integration        "google-dai" (or integration = "custom", customIntegration = "google-dai")
--   availabilityType   "vod" (contentSourceID + videoID) or "live" (assetKey); default: live
--                      when an assetKey is given
--   contentSourceID, videoID   the VOD stream's CMS id and video id
--   assetKey           the live stream's asset key
--   apiKey             sent as `Authorization: DCLKDAI key="…"`
--   authToken          sent as the form field auth-token (HMAC token)
--   adTagParameters    form fields of the stream request (targeting, stream parameter overrides)
--   streamActivityMonitorID   sent as the form field dai-sam-id
--   baseUrl            adhost's: the DAI origin; default https://dai.google.com
--   seekOver, seekDuringAd, timeout   adhost's, as for the other stitched integrations
--
-- A stream request that fails is fatal: there is no stream to play. Media-verification pings are
-- beacons of the ad they track (the `start` ping counts as its impression: the tracking
-- vocabulary declared); one that fails is an `aderror`; a 404 (an id unknown or counted
-- already) is only logged, and harmless to the strict rules.

local adsource = require("adhost.source")
local daiads = require("lib.daiads")
local daiconfig = require("lib.daiconfig")
local daimetadata = require("lib.daimetadata")
local daiverify = require("lib.daiverify")
local handler = require("adhost.handler")
local httpjson = require("adhost.httpjson")

local INTEGRATION = "google-dai"
local DEFAULT_POLLING = 10

-- The stream request; the decoded Stream, or nil and why it cannot be used.
local function requestStream(settings)
  local answer, failure = http.post(settings.streamUrl, url.query(settings.form), {
    headers = settings.headers,
    timeout = settings.timeout,
    kind = "session",
  })
  local data, problem = httpjson.read(json, answer, failure)
  if not data then
    return nil, problem
  end
  local manifest = data.stream_manifest or data.hls_master_playlist
  if type(manifest) ~= "string" or type(data.media_verification_url) ~= "string" then
    return nil, "expected JSON with stream_manifest and media_verification_url"
  end
  if settings.live and type(data.metadata_url) ~= "string" then
    return nil, "expected JSON with metadata_url (a live stream)"
  end
  return data
end

-- Live: the metadata URL polled for the ads and the ids' tags, from the first poll right after
-- setSource; returns the metadata reader.
local function startLive(controller, run, data, streamUrl, timeout)
  local metadataUrl = url.resolve(streamUrl, data.metadata_url)
  local every = type(data.polling_frequency) == "number" and data.polling_frequency > 0
    and data.polling_frequency <= 3600 and data.polling_frequency or DEFAULT_POLLING
  local metadata = daimetadata.new(controller, run.session, metadataUrl, { timeout = timeout })
  log.info(string.format("dai: polling %s every %g s", metadataUrl, every))
  run:listen("addcue", function(event)
    if run:isCurrent() then
      metadata:announced(event.cue)
    end
  end)
  local poller = timer.every(every, function()
    metadata:poll()
  end)
  run:onClose(function()
    poller:cancel()
    metadata:close()
  end)
  timer.after(0, function()
    if run:isCurrent() then
      metadata:poll()
    end
  end)
  return metadata
end

-- The stream's manifest and media verification URLs, or nil after a fatal error.
local function streamUrls(controller, settings, data)
  local manifest = url.resolve(settings.streamUrl, data.stream_manifest or data.hls_master_playlist)
  local verification = url.resolve(settings.streamUrl, data.media_verification_url)
  if not manifest or not verification then
    controller:fatalError(string.format("Google DAI stream request %s: unusable URLs %q, %q",
      settings.streamUrl, tostring(data.stream_manifest), tostring(data.media_verification_url)))
    return nil
  end
  return manifest, verification
end

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  return handler.ssai(controller, INTEGRATION, function(run, ssai, typed, source)
    local settings = daiconfig.read(ssai, typed)
    log.info(string.format("dai: stream request %s", settings.streamUrl))
    local data, problem = requestStream(settings)
    if not data then
      controller:fatalError(string.format("Google DAI stream request %s failed: %s", settings.streamUrl,
        problem))
      return true
    end
    local manifest, verification = streamUrls(controller, settings, data)
    if not manifest then
      return true
    end
    local session = run:stitched({ policy = settings.policy })
    controller:declareTracking(daiverify.vocabulary(verification))
    local spans, metadata = {}, nil
    local verifier = daiverify.new(controller, verification, {
      -- The ping's ad: the one at the id's time in the stream; its event: what the id's live
      -- tag says, else the VOD ad's event at that time.
      onPing = function(id, cue)
        local ad = session:adAt(cue.startTime)
        if metadata then
          return ad, metadata:describe(id)
        end
        return ad, daiads.kindAt(spans, cue.startTime)
      end,
    })
    run:onClose(function()
      verifier:close()
    end)
    if settings.live then
      metadata = startLive(controller, run, data, settings.streamUrl, settings.timeout)
    else
      spans = daiads.apply(session, data.ad_breaks, function(message)
        controller:error("Google DAI stream " .. message)
      end)
    end
    run:listen("cue", function(event)
      if run:isCurrent() then
        -- The ad a ping tracks begins at the id's time: the session catches up with the
        -- playhead first (the cue fires before its timer), so the beacon falls inside the ad.
        session:drive()
        verifier:reached(event.cue)
      end
    end)
    session:attach()
    log.info(string.format("dai: stream %s, playing %s", tostring(data.stream_id), manifest))
    return adsource.withPlayUrl(source, typed, manifest)
  end)
end)
