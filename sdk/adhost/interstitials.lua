-- HLS Interstitials as THEOplayer ad breaks and ads: the host's interstitial player plays them
-- (docs/interstitials.md); this follows its player events and reports what plays through the
-- controller, so listeners of ad events (and the strict rules) see an ad break per interstitial
-- and an ad per asset.
--
--   interstitialstart       a break at the position the primary content paused at
--   assetlistloaded         an ad per asset of the list (a VAST ad, tracked natively, when the asset
--                           names its VAST tag with "X-VAST-URI"; its SVTA creative signaling,
--                           asset.creativeSignaling, tracked natively too); X-ASSET-URI: one ad
--   interstitialassetstart  beginAd (once its VAST ad is created, if that is still loading),
--                           then progress every 0.25 s of the clock
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
local events = require("_adhost.interstitialevents")

local M = {}

local Session = {}
Session.__index = Session
events.install(Session)

--- A session for `controller` (see above for `options`); `attach` starts following the player.
function M.new(controller, options)
  options = options or {}
  return setmetatable({
    controller = controller,
    breaks = {}, -- the entry of each interstitial playing, by its id
    listeners = {},
    timeout = options.timeout,
    tracking = options.tracking,
    services = {
      player = options.player or player,
      timer = options.timer or timer,
      beacon = options.beacon or beacon,
      log = options.log or log,
      vast = options.vast or vast,
    },
  }, Session)
end

local function adId(interstitial, index)
  return interstitial.id .. "-" .. tostring(index + 1)
end

-- The skip offset of the ad after `before` seconds of the interstitial.
local function skipOffset(entry, before)
  local control = entry.skipControl
  if not control or not control.offset then
    return -1
  end
  return math.max(0, control.offset - before)
end

-- Calls a controller method; a failure becomes an aderror. Returns whether it worked, and what
-- it returned.
function Session:report(fn, ...)
  local ok, result = pcall(fn, ...)
  if not ok then
    self.controller:error(tostring(result))
  end
  return ok, result
end

function Session:entryOf(interstitial)
  return self.breaks[interstitial.id]
end

-- The VAST ad the asset's "X-VAST-URI" names, or nil after an aderror.
function Session:loadVAST(entry, index, tag)
  local ads, failure = self.services.vast.load(tag, { timeout = self.timeout })
  if ads and ads[1] then
    return ads[1]
  end
  self.controller:error(("interstitial %s asset %d: VAST %s: %s"):format(entry.interstitial.id, index,
    failure and failure.code or 303, failure and failure.message or "no ad"))
  return nil
end

function Session:createAd(entry, index, asset)
  local ids = entry.tracking and entry.tracking.ids
  local init = { type = "linear", id = ids and ids[index] or adId(entry.interstitial, index),
    duration = asset.duration,
    resourceURI = asset.uri, skipOffset = skipOffset(entry, entry.before or 0),
    customData = { interstitial = entry.interstitial.id, asset = index },
    creativeSignaling = asset.creativeSignaling }
  if init.skipOffset < 0 and asset.creativeSignaling then
    init.skipOffset = nil -- without a skip control, the creative's own skipOffset (SVTA) says it
  end
  entry.before = (entry.before or 0) + (asset.duration or 0)
  local tag = asset.members and asset.members["X-VAST-URI"]
  if type(tag) == "string" then
    entry.loading[index] = true
    init.vast = self:loadVAST(entry, index, tag)
    entry.loading[index] = nil
  end
  local ok, ad = self:report(self.controller.createAd, self.controller, init, entry.adBreak)
  if ok then
    entry.ads[index] = ad
  end
  -- A player whose requests answer as they come (a real engine) may have started the asset
  -- while its VAST tag loaded: its ad begins now.
  local started = entry.startedEarly
  if started and started.asset.index == index then
    entry.startedEarly = nil
    self:assetStarted(started)
  end
  return ad
end

-- Stops the progress ticker and the beacons of the break's asset playing.
function Session:stopTicker(entry) -- luacheck: no unused args
  if entry.ticker then
    entry.ticker:cancel()
    entry.ticker = nil
  end
  beacons.cancel(entry)
end

--- A handler's skipAd: the host skips the interstitial if its skip control allows.
function Session:skip(ad)
  local ok, refusal = self.services.player:skipInterstitial()
  if not ok then
    self.services.log.warn("interstitials: ad " .. ad.id .. " not skipped: " .. refusal)
  end
end

--- Starts following the player's interstitial events.
function Session:attach()
  for _, each in ipairs(events.EVENTS) do
    local name, method = each[1], each[2]
    local listener = function(event)
      self[method](self, event)
    end
    self.services.player:addEventListener(name, listener)
    self.listeners[#self.listeners + 1] = { name, listener }
  end
end

--- Stops following them; the breaks' tickers and beacons stop.
function Session:close()
  for _, listener in ipairs(self.listeners) do
    self.services.player:removeEventListener(listener[1], listener[2])
  end
  self.listeners = {}
  for _, entry in pairs(self.breaks) do
    self:stopTicker(entry)
  end
  self.breaks = {}
end

return M
