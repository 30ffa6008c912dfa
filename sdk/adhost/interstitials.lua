-- HLS Interstitials as THEOplayer ad breaks and ads: the host's interstitial player plays them
-- (docs/interstitials.md); this follows its player events and reports what plays through the
-- controller, so listeners of ad events (and the strict rules) see an ad break per interstitial
-- and an ad per asset.
--
--   interstitialstart       a break at the position the primary content paused at
--   assetlistloaded         an ad per asset of the list (a VAST ad, tracked natively, when the asset
--                           names its VAST tag with "X-VAST-URI"); X-ASSET-URI: one ad
--   interstitialassetstart  beginAd, then progress every 0.25 s of the clock
--   interstitialassetend    endAd (played to its end, or cut by X-PLAYOUT-LIMIT); skipAd when a
--                           seek left it or it was skipped
--
-- An ad's skipOffset follows the interstitial's skip control (X-SKIP-CONTROL-OFFSET, or the asset
-- list's SKIP-CONTROL): what is left of the offset when the ad starts; -1 without one.
-- `session:skip(ad)` (a handler's skipAd) asks the host: player:skipInterstitial().
--
-- options.tracking(event), if given, reads beacons from an `assetlistloaded` event (MediaTailor's
-- guided mode puts them in the list): it returns `{breakStart = urls, breakEnd = urls, assets =
-- { [index] = { {name =, offset =, urls =}, … } }, ids = { [index] = ad id } }`, offsets in
-- seconds into the asset; `ids` name the ads (default `<interstitial id>-<n>`). Each is
-- sent with beacon.send as the asset reaches it; breakStart as the first asset starts, breakEnd
-- when the interstitial ends, unless a seek left it.
--   interstitialerror       an asset or asset list that failed: an aderror, the ad removed
--   interstitialend         the break removed
--
-- The host's services it uses are options.player, options.timer, options.beacon, options.log and
-- options.vast, by default the globals of the same names (a test gives its own).

local beacons = require("_adhost.interstitialbeacons")

local M = {}

local TICK = 0.25

local function adId(interstitial, index)
  return interstitial.id .. "-" .. tostring(index + 1)
end

function M.new(controller, options)
  options = options or {}
  local session = { controller = controller, breaks = {}, listeners = {}, timeout = options.timeout }
  local services = {
    player = options.player or player,
    timer = options.timer or timer,
    beacon = options.beacon or beacon,
    log = options.log or log,
    vast = options.vast or vast,
  }

  -- Calls a controller method; a failure becomes an aderror. Returns whether it worked, and
  -- what it returned.
  local function report(fn, ...)
    local ok, result = pcall(fn, ...)
    if not ok then
      controller:error(tostring(result))
    end
    return ok, result
  end

  local function entryOf(interstitial)
    return session.breaks[interstitial.id]
  end

  -- The skip offset of the ad after `before` seconds of the interstitial.
  local function skipOffset(entry, before)
    local control = entry.skipControl
    if not control or not control.offset then
      return -1
    end
    return math.max(0, control.offset - before)
  end

  local function createAd(entry, index, asset)
    local ids = entry.tracking and entry.tracking.ids
    local init = { type = "linear", id = ids and ids[index] or adId(entry.interstitial, index),
      duration = asset.duration,
      resourceURI = asset.uri, skipOffset = skipOffset(entry, entry.before or 0),
      customData = { interstitial = entry.interstitial.id, asset = index } }
    entry.before = (entry.before or 0) + (asset.duration or 0)
    local tag = asset.members and asset.members["X-VAST-URI"]
    if type(tag) == "string" then
      local ads, failure = services.vast.load(tag, { timeout = session.timeout })
      if ads and ads[1] then
        init.vast = ads[1]
      else
        controller:error(("interstitial %s asset %d: VAST %s: %s"):format(entry.interstitial.id, index,
          failure and failure.code or 303, failure and failure.message or "no ad"))
      end
    end
    local ok, ad = report(controller.createAd, controller, init, entry.adBreak)
    if ok then
      entry.ads[index] = ad
    end
    return ad
  end

  local function stopTicker(entry)
    if entry.ticker then
      entry.ticker:cancel()
      entry.ticker = nil
    end
    beacons.cancel(entry)
  end

  local handlers = {}

  function handlers.interstitialstart(event)
    local interstitial = event.interstitial
    local ok, adBreak = report(controller.createAdBreak, controller, {
      timeOffset = math.max(0, event.currentTime),
      maxDuration = interstitial.playoutLimit or interstitial.duration,
      customData = { interstitial = interstitial.id, cue = interstitial.cue },
    })
    if not ok then
      return
    end
    local entry = { interstitial = interstitial, adBreak = adBreak, ads = {},
      skipControl = interstitial.skipControl }
    session.breaks[interstitial.id] = entry
    if interstitial.assetUri then
      createAd(entry, 0, { uri = interstitial.assetUri })
    end
  end

  function handlers.assetlistloaded(event)
    local entry = entryOf(event.interstitial)
    if not entry then
      return
    end
    entry.skipControl = event.skipControl or entry.skipControl
    if options.tracking then
      entry.tracking = options.tracking(event)
    end
    for _, asset in ipairs(event.assets) do
      createAd(entry, asset.index, asset)
    end
  end

  function handlers.interstitialassetstart(event)
    local entry = entryOf(event.interstitial)
    local asset = event.asset
    local ad = entry and entry.ads[asset.index]
    if not ad then
      return
    end
    -- Joined part-way (a live join inside the interstitial): the ad is the part that plays.
    local duration = asset.duration - (asset.startOffset or 0)
    if ad.duration ~= duration then
      report(controller.updateAd, controller, ad, { duration = duration })
    end
    if not report(controller.beginAd, controller, ad) then
      return
    end
    local began = services.timer.now()
    entry.playing = { ad = ad, duration = duration, index = asset.index }
    if entry.tracking then
      if not entry.breakStarted then
        entry.breakStarted = true
        beacons.send(services, entry, entry.tracking.breakStart, "breakStart")
      end
      beacons.start(services, entry, asset.index)
    end
    entry.ticker = services.timer.every(TICK, function()
      local progress = math.min(1, (services.timer.now() - began) / duration)
      if progress < 1 then
        report(controller.updateAdProgress, controller, ad, progress)
      end
    end)
  end

  function handlers.interstitialassetend(event)
    local entry = entryOf(event.interstitial)
    if not entry or not entry.playing then
      return
    end
    stopTicker(entry)
    local playing = entry.playing
    entry.playing = nil
    local progress = math.min(1, event.played / playing.duration)
    report(controller.updateAdProgress, controller, playing.ad, progress)
    if event.reason == "ended" then
      beacons.finish(services, entry, playing.index, event.played)
    end
    if event.reason == "seek" or event.reason == "skip" then
      report(controller.skipAd, controller, playing.ad)
    else
      report(controller.endAd, controller, playing.ad)
    end
  end

  function handlers.interstitialerror(event)
    controller:error(event.error or event.message or "interstitial error")
    local entry = event.interstitial and entryOf(event.interstitial)
    local ad = entry and event.asset and entry.ads[event.asset.index]
    if ad then
      report(controller.removeAd, controller, ad)
      entry.ads[event.asset.index] = nil
    end
  end

  function handlers.interstitialend(event)
    local entry = entryOf(event.interstitial)
    if not entry then
      return
    end
    stopTicker(entry)
    session.breaks[event.interstitial.id] = nil
    if entry.tracking and entry.breakStarted and event.reason ~= "seek" then
      beacons.send(services, entry, entry.tracking.breakEnd, "breakEnd")
    end
    report(controller.removeAdBreak, controller, entry.adBreak)
  end

  -- A handler's skipAd: the host skips the interstitial if its skip control allows.
  function session:skip(ad) -- luacheck: no unused args
    local ok, refusal = services.player:skipInterstitial()
    if not ok then
      services.log.warn("interstitials: ad " .. ad.id .. " not skipped: " .. refusal)
    end
  end

  function session:attach() -- luacheck: no unused args
    for name, handler in pairs(handlers) do
      services.player:addEventListener(name, handler)
      session.listeners[#session.listeners + 1] = { name, handler }
    end
  end

  function session:close() -- luacheck: no unused args
    for _, listener in ipairs(session.listeners) do
      services.player:removeEventListener(listener[1], listener[2])
    end
    session.listeners = {}
    for _, entry in pairs(session.breaks) do
      stopTicker(entry)
    end
    session.breaks = {}
  end

  return session
end

return M
