-- The player events of HLS Interstitials, as adhost.interstitials' session handles them: each
-- interstitial a break, each asset an ad begun, progressed and ended as it plays (the header of
-- sdk/adhost/interstitials.lua says what each event does). Installed into its Session class,
-- whose `breaks`, `controller`, `services`, `tracking`, `report`, `entryOf`, `createAd` and
-- `stopTicker` these methods use.

local beacons = require("_adhost.interstitialbeacons")

local M = {}

local TICK = 0.25

--- The player events a session follows, in the order it listens, and the method for each.
M.EVENTS = {
  { "interstitialstart", "breakStarted" },
  { "assetlistloaded", "assetsListed" },
  { "interstitialassetstart", "assetStarted" },
  { "interstitialassetend", "assetEnded" },
  { "interstitialerror", "failed" },
  { "interstitialend", "breakEnded" },
}

--- Adds the event methods to the session class `Session`.
function M.install(Session)
  -- interstitialstart: a break at the position the primary content paused at.
  function Session:breakStarted(event)
    local interstitial = event.interstitial
    local controller = self.controller
    local ok, adBreak = self:report(controller.createAdBreak, controller, {
      timeOffset = math.max(0, event.currentTime),
      maxDuration = interstitial.playoutLimit or interstitial.duration,
      customData = { interstitial = interstitial.id, cue = interstitial.cue },
    })
    if not ok then
      return
    end
    local entry = { interstitial = interstitial, adBreak = adBreak, ads = {}, loading = {},
      skipControl = interstitial.skipControl }
    self.breaks[interstitial.id] = entry
    if interstitial.assetUri then
      self:createAd(entry, 0, { uri = interstitial.assetUri })
    end
  end

  -- assetlistloaded: an ad per asset of the list.
  function Session:assetsListed(event)
    local entry = self:entryOf(event.interstitial)
    if not entry then
      return
    end
    entry.skipControl = event.skipControl or entry.skipControl
    if self.tracking then
      entry.tracking = self.tracking(event)
    end
    for _, asset in ipairs(event.assets) do
      self:createAd(entry, asset.index, asset)
    end
  end

  -- Sends the asset's beacons as it plays (breakStart with the first), when the session has them.
  function Session:startBeacons(entry, index)
    if not entry.tracking then
      return
    end
    if not entry.breakStarted then
      entry.breakStarted = true
      beacons.send(self.services, entry, entry.tracking.breakStart, "breakStart")
    end
    beacons.start(self.services, entry, index)
  end

  -- interstitialassetstart: beginAd, then progress every TICK seconds of the clock.
  function Session:assetStarted(event)
    local entry = self:entryOf(event.interstitial)
    local asset = event.asset
    local ad = entry and entry.ads[asset.index]
    if not ad then
      if entry and entry.loading[asset.index] then
        entry.startedEarly = event -- its VAST tag is loading: the ad begins once created
      end
      return
    end
    local controller, timer = self.controller, self.services.timer
    -- Joined part-way (a live join inside the interstitial): the ad is the part that plays.
    local duration = asset.duration - (asset.startOffset or 0)
    if ad.duration ~= duration then
      self:report(controller.updateAd, controller, ad, { duration = duration })
    end
    if not self:report(controller.beginAd, controller, ad) then
      return
    end
    local began = timer.now()
    entry.playing = { ad = ad, duration = duration, index = asset.index }
    self:startBeacons(entry, asset.index)
    entry.ticker = timer.every(TICK, function()
      local progress = math.min(1, (timer.now() - began) / duration)
      if progress < 1 then
        self:report(controller.updateAdProgress, controller, ad, progress)
      end
    end)
  end

  -- interstitialassetend: endAd, or skipAd when a seek left the asset or it was skipped.
  function Session:assetEnded(event)
    local entry = self:entryOf(event.interstitial)
    if entry then
      entry.startedEarly = nil
    end
    if not entry or not entry.playing then
      return
    end
    local controller = self.controller
    self:stopTicker(entry)
    local playing = entry.playing
    entry.playing = nil
    local progress = math.min(1, event.played / playing.duration)
    self:report(controller.updateAdProgress, controller, playing.ad, progress)
    if event.reason == "ended" then
      beacons.finish(self.services, entry, playing.index, event.played)
    end
    if event.reason == "seek" or event.reason == "skip" then
      self:report(controller.skipAd, controller, playing.ad)
    else
      self:report(controller.endAd, controller, playing.ad)
    end
  end

  -- interstitialerror: an aderror; the asset's ad removed.
  function Session:failed(event)
    local controller = self.controller
    controller:error(event.error or event.message or "interstitial error")
    local entry = event.interstitial and self:entryOf(event.interstitial)
    local ad = entry and event.asset and entry.ads[event.asset.index]
    if ad then
      self:report(controller.removeAd, controller, ad)
      entry.ads[event.asset.index] = nil
    end
  end

  -- interstitialend: breakEnd sent (unless a seek left the interstitial), the break removed.
  function Session:breakEnded(event)
    local entry = self:entryOf(event.interstitial)
    if not entry then
      return
    end
    self:stopTicker(entry)
    self.breaks[event.interstitial.id] = nil
    if entry.tracking and entry.breakStarted and event.reason ~= "seek" then
      beacons.send(self.services, entry, entry.tracking.breakEnd, "breakEnd")
    end
    self:report(self.controller.removeAdBreak, self.controller, entry.adBreak)
  end
end

return M
