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
local config = require("adhost.config")
local daiads = require("lib.daiads")
local daiconfig = require("lib.daiconfig")
local daimetadata = require("lib.daimetadata")
local daiverify = require("lib.daiverify")
local handler = require("adhost.handler")
local httpjson = require("adhost.httpjson")
local stitched = require("adhost.stitched")

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

player.ads:registerServerSideIntegration(INTEGRATION, function(controller)
  local current -- { session =, verifier =, metadata =, poller =, listeners = }

  local function close()
    if current then
      for _, listener in ipairs(current.listeners) do
        player:removeEventListener(listener.type, listener.fn)
      end
      if current.poller then
        current.poller:cancel()
      end
      current.verifier:close()
      if current.metadata then
        current.metadata:close()
      end
      current.session:close()
      current = nil
    end
  end

  local function listen(state, eventType, fn)
    player:addEventListener(eventType, fn)
    state.listeners[#state.listeners + 1] = { type = eventType, fn = fn }
  end

  local function startLive(state, data, streamUrl, timeout)
    local metadataUrl = url.resolve(streamUrl, data.metadata_url)
    local every = type(data.polling_frequency) == "number" and data.polling_frequency > 0
      and data.polling_frequency <= 3600 and data.polling_frequency or DEFAULT_POLLING
    state.metadata = daimetadata.new(controller, state.session, metadataUrl, { timeout = timeout })
    log.info(string.format("dai: polling %s every %g s", metadataUrl, every))
    listen(state, "addcue", function(event)
      if current == state then
        state.metadata:announced(event.cue)
      end
    end)
    state.poller = timer.every(every, function()
      state.metadata:poll()
    end)
    timer.after(0, function()
      if current == state then
        state.metadata:poll()
      end
    end)
  end

  return handler.new(controller, {
    integration = INTEGRATION,
    close = close,
    current = function()
      return current and current.session
    end,
    setSource = function(source)
      local ssai, typed = config.find(source, INTEGRATION)
      if not ssai then
        return false
      end
      local settings = daiconfig.read(ssai, typed)
      log.info(string.format("dai: stream request %s", settings.streamUrl))
      local data, problem = requestStream(settings)
      if not data then
        controller:fatalError(string.format("Google DAI stream request %s failed: %s", settings.streamUrl,
          problem))
        return true
      end
      local manifest = url.resolve(settings.streamUrl, data.stream_manifest or data.hls_master_playlist)
      local verification = url.resolve(settings.streamUrl, data.media_verification_url)
      if not manifest or not verification then
        controller:fatalError(string.format("Google DAI stream request %s: unusable URLs %q, %q",
          settings.streamUrl, tostring(data.stream_manifest), tostring(data.media_verification_url)))
        return true
      end
      local state = { session = stitched.new(controller, { policy = settings.policy }), listeners = {} }
      current = state
      controller:declareTracking(daiverify.vocabulary(verification))
      local spans = {}
      state.verifier = daiverify.new(controller, verification, {
        -- The ping's ad: the one at the id's time in the stream; its event: what the id's live
        -- tag says, else the VOD ad's event at that time.
        onPing = function(id, cue)
          local ad = state.session:adAt(cue.startTime)
          if state.metadata then
            return ad, state.metadata:describe(id)
          end
          return ad, daiads.kindAt(spans, cue.startTime)
        end,
      })
      if settings.live then
        startLive(state, data, settings.streamUrl, settings.timeout)
      else
        spans = daiads.apply(state.session, data.ad_breaks, function(message)
          controller:error("Google DAI stream " .. message)
        end)
      end
      listen(state, "cue", function(event)
        if current == state then
          -- The ad a ping tracks begins at the id's time: the session catches up with the
          -- playhead first (the cue fires before its timer), so the beacon falls inside the ad.
          state.session:drive()
          state.verifier:reached(event.cue)
        end
      end)
      state.session:attach()
      log.info(string.format("dai: stream %s, playing %s", tostring(data.stream_id), manifest))
      return adsource.withPlayUrl(source, typed, manifest)
    end,
  })
end)
