-- adhost.interstitials with its services given as parameters: a recording controller, a player
-- whose events the test fires, a timer on a clock the test moves, and a beacon, log and vast
-- that record what they are asked (the end-to-end behaviour on the real host is
-- Tests/AdhostCLITests' interstitial suites and examples/interstitials).
local interstitials = require("adhost.interstitials")
local t = require("testing")

-- A clock the test moves with `advance`: `every` and `after` callbacks fire when it passes them.
local function fakeTimer()
  local clock = { current = 0, pending = {} }
  local function add(delay, interval, fn)
    local handle = { due = clock.current + delay, interval = interval, fn = fn }
    function handle.cancel(self)
      self.cancelled = true
    end
    clock.pending[#clock.pending + 1] = handle
    return handle
  end
  clock.service = {
    now = function()
      return clock.current
    end,
    every = function(interval, fn)
      return add(interval, interval, fn)
    end,
    after = function(delay, fn)
      return add(delay, nil, fn)
    end,
  }
  function clock.advance(seconds)
    local target = clock.current + seconds
    while true do
      local next
      for _, handle in ipairs(clock.pending) do
        if not handle.cancelled and handle.due <= target + 1e-9 and (not next or handle.due < next.due) then
          next = handle
        end
      end
      if not next then
        break
      end
      clock.current = next.due
      if next.interval then
        next.due = next.due + next.interval
      else
        next.cancelled = true
      end
      next.fn()
    end
    clock.current = target
  end
  return clock
end

local function harness(options)
  local h = { controller = t.recordingController(), clock = fakeTimer(), sent = {}, lines = {},
    listeners = {}, loads = {} }
  -- An ad has the duration it was created with, as the host's do.
  local createAd = h.controller.createAd
  h.controller.createAd = function(controller, init, adBreak)
    local ad = createAd(controller, init, adBreak)
    ad.duration = init.duration
    return ad
  end
  h.player = { skipAnswer = { true } }
  function h.player.addEventListener(_, name, fn)
    h.listeners[name] = fn
  end
  function h.player.removeEventListener(_, name, fn)
    if h.listeners[name] == fn then
      h.listeners[name] = nil
    end
  end
  function h.player.skipInterstitial(_)
    return table.unpack(h.player.skipAnswer)
  end
  h.beacon = { send = function(urls, name) h.sent[#h.sent + 1] = name .. " " .. table.concat(urls, ",") end }
  local function logger(level)
    return function(message) h.lines[#h.lines + 1] = level .. ": " .. message end
  end
  h.log = { info = logger("info"), warn = logger("warn"), error = logger("error") }
  h.vast = { load = function(tag, vastOptions)
    h.loads[#h.loads + 1] = { tag, vastOptions.timeout }
    if tag == "good.xml" then
      return { { id = "vast-ad" } }
    end
    return nil, { code = 301, message = "timeout" }
  end }
  options = options or {}
  options.player, options.timer, options.beacon = h.player, h.clock.service, h.beacon
  options.log, options.vast = h.log, h.vast
  h.session = interstitials.new(h.controller, options)
  h.session:attach()
  function h.fire(name, event)
    local listener = h.listeners[name]
    assert(listener, "no listener for " .. name)
    listener(event)
  end
  return h
end

local AD = { id = "ad", duration = 20, cue = "ONCE" }
local ASSETS = { { index = 0, uri = "a.m3u8", duration = 10 }, { index = 1, uri = "b.m3u8", duration = 10 } }

-- Calls named `name` since call number `from`.
local function callsNamed(h, name, from)
  local found = {}
  for index = from or 1, #h.controller.calls do
    if h.controller.calls[index][1] == name then
      found[#found + 1] = h.controller.calls[index]
    end
  end
  return found
end

local function progresses(h, from)
  local values = {}
  for _, call in ipairs(callsNamed(h, "updateAdProgress", from)) do
    values[#values + 1] = call[3]
  end
  return values
end

-- An asset whose ad is a VAST tag's.
local VAST_ASSET = { index = 0, uri = "a", duration = 5, members = { ["X-VAST-URI"] = "good.xml" } }

-- Starts an interstitial of VAST_ASSET whose VAST tag answers only after `meanwhile` ran: what
-- a host whose requests answer as they come (a real engine) may deliver while the plugin waits.
local function vastAnsweringAfter(h, meanwhile)
  local load = h.vast.load
  h.vast.load = function(tag, vastOptions)
    meanwhile()
    return load(tag, vastOptions)
  end
  h.fire("interstitialstart", { interstitial = AD, currentTime = 0 })
  h.fire("assetlistloaded", { interstitial = AD, assets = { VAST_ASSET } })
end

-- Quartile beacons of a 10 s asset, and the break's.
local function tracking()
  local function quartiles(n)
    return {
      { name = "impression", offset = 0, urls = { n .. "/imp" } },
      { name = "firstQuartile", offset = 2.5, urls = { n .. "/q1" } },
      { name = "midpoint", offset = 5, urls = { n .. "/mid" } },
      { name = "thirdQuartile", offset = 7.5, urls = { n .. "/q3" } },
      { name = "complete", offset = 10, urls = { n .. "/complete" } },
    }
  end
  return { breakStart = { "b/start" }, breakEnd = { "b/end" },
    assets = { [0] = quartiles("1"), [1] = quartiles("2") },
    ids = { [0] = "first", [1] = "second" } }
end

return {
  { "an interstitial is a break with an ad per asset", function()
    local h = harness()
    h.fire("interstitialstart", { interstitial = AD, currentTime = 30 })
    t.equal(h.controller.calls[1], { "createAdBreak", { timeOffset = 30, maxDuration = 20,
      customData = { interstitial = "ad", cue = "ONCE" } } })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    t.equal(h.controller.names(), { "createAdBreak", "createAd", "createAd" })
    t.equal(h.controller.calls[2][2], { type = "linear", id = "ad-1", duration = 10, resourceURI = "a.m3u8",
      skipOffset = -1, customData = { interstitial = "ad", asset = 0 } })
    t.equal(h.controller.calls[3][2].id, "ad-2")
    local adBreak = h.controller.calls[2][3]
    t.equal(adBreak.init.timeOffset, 30, "the ads' break")
    t.equal(rawequal(h.controller.calls[3][3], adBreak), true, "both ads in the same break")
  end },

  { "an asset's ad begins, reports progress every 0.25 s of the clock and ends", function()
    local h = harness()
    h.fire("interstitialstart", { interstitial = AD, currentTime = 30 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    local ad = h.controller.calls[2]
    h.clock.advance(4)
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[1] })
    t.equal(h.controller.calls[4][1], "beginAd")
    local from = #h.controller.calls
    h.clock.advance(1)
    local values = progresses(h, from)
    t.equal(#values, 4, "four ticks in a second")
    for index, value in ipairs(values) do
      t.near(value, index * 0.025, "progress of tick " .. index)
    end
    h.clock.advance(9)
    t.equal(#progresses(h, from), 39, "no progress of 1 from the ticker")
    h.fire("interstitialassetend", { interstitial = AD, played = 10, reason = "ended" })
    local tail = { table.unpack(h.controller.names(), #h.controller.calls - 1) }
    t.equal(tail, { "updateAdProgress", "endAd" })
    t.equal(h.controller.calls[#h.controller.calls - 1][3], 1)
    t.equal(h.controller.calls[#h.controller.calls][2].id, ad[2].id)
    local count = #h.controller.calls
    h.clock.advance(5)
    t.equal(#h.controller.calls, count, "the ticker stopped with the asset")
  end },

  { "a live join part-way shortens the ad to what plays", function()
    local h = harness()
    h.fire("interstitialstart", { interstitial = AD, currentTime = 30 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    h.fire("interstitialassetstart", { interstitial = AD,
      asset = { index = 0, uri = "a.m3u8", duration = 10, startOffset = 6 } })
    t.equal(h.controller.calls[4][1], "updateAd")
    t.equal(h.controller.calls[4][3], { duration = 4 })
    h.clock.advance(1)
    t.near(progresses(h)[4], 0.25, "a second of four")
  end },

  { "tracking: breakStart, the quartiles at their offsets, breakEnd", function()
    local h = harness({ tracking = function(event)
      t.equal(event.assets, ASSETS, "the event given to options.tracking")
      return tracking()
    end })
    h.fire("interstitialstart", { interstitial = AD, currentTime = 30 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    t.equal({ h.controller.calls[2][2].id, h.controller.calls[3][2].id }, { "first", "second" }, "ids")
    t.equal(h.sent, {}, "nothing before the first asset starts")
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[1] })
    t.equal(h.sent, { "breakStart b/start", "impression 1/imp" })
    h.clock.advance(2.4)
    t.equal(#h.sent, 2, "firstQuartile not before 2.5 s")
    h.clock.advance(0.1)
    t.equal(h.sent[3], "firstQuartile 1/q1")
    h.clock.advance(5)
    t.equal({ h.sent[4], h.sent[5], #h.sent }, { "midpoint 1/mid", "thirdQuartile 1/q3", 5 })
    h.clock.advance(2)
    -- The asset ends as the complete timer comes due: complete is sent once either way.
    h.fire("interstitialassetend", { interstitial = AD, played = 10, reason = "ended" })
    t.equal(h.sent[6], "complete 1/complete")
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[2] })
    t.equal(h.sent[7], "impression 2/imp", "breakStart is sent once")
    h.clock.advance(10)
    h.fire("interstitialassetend", { interstitial = AD, played = 10, reason = "ended" })
    t.equal(h.sent[#h.sent], "complete 2/complete")
    t.equal(#h.sent, 11, "each event once")
    h.fire("interstitialend", { interstitial = AD, reason = "ended" })
    t.equal(h.sent[12], "breakEnd b/end")
    t.equal(h.controller.calls[#h.controller.calls][1], "removeAdBreak")
  end },

  { "a seek out of an ad skips it, and stops its beacons and the breakEnd", function()
    local h = harness({ tracking = tracking })
    h.fire("interstitialstart", { interstitial = AD, currentTime = 30 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[1] })
    h.clock.advance(3)
    h.fire("interstitialassetend", { interstitial = AD, played = 3, reason = "seek" })
    local last = h.controller.calls[#h.controller.calls]
    t.equal({ last[1], last[2].id }, { "skipAd", "first" })
    t.near(h.controller.calls[#h.controller.calls - 1][3], 0.3, "progress at the seek")
    h.fire("interstitialend", { interstitial = AD, reason = "seek" })
    h.clock.advance(20)
    t.equal(h.sent, { "breakStart b/start", "impression 1/imp", "firstQuartile 1/q1" })
  end },

  { "skip asks the player; a refusal is logged", function()
    local h = harness()
    h.session:skip({ id = "ad-1" })
    t.equal(h.lines, {}, "an accepted skip logs nothing")
    h.player.skipAnswer = { false, "the skip control allows it after 5 s" }
    h.session:skip({ id = "ad-1" })
    t.equal(h.lines, { "warn: interstitials: ad ad-1 not skipped: the skip control allows it after 5 s" })
  end },

  { "the skip offset is what is left of the skip control when each ad starts", function()
    local h = harness()
    local short = { { index = 0, uri = "a", duration = 3 }, { index = 1, uri = "b", duration = 3 },
      { index = 2, uri = "c", duration = 3 } }
    h.fire("interstitialstart", { interstitial = AD, currentTime = 0 })
    h.fire("assetlistloaded", { interstitial = AD, assets = short, skipControl = { offset = 5 } })
    local offsets = {}
    for _, call in ipairs(callsNamed(h, "createAd")) do
      offsets[#offsets + 1] = call[2].skipOffset
    end
    t.equal(offsets, { 5, 2, 0 })
  end },

  { "an X-VAST-URI asset loads its VAST; a failure is an aderror", function()
    local h = harness({ timeout = 4 })
    h.fire("interstitialstart", { interstitial = AD, currentTime = 0 })
    h.fire("assetlistloaded", { interstitial = AD, assets = {
      { index = 0, uri = "a", duration = 5, members = { ["X-VAST-URI"] = "good.xml" } },
      { index = 1, uri = "b", duration = 5, members = { ["X-VAST-URI"] = "bad.xml" } },
    } })
    t.equal(h.loads, { { "good.xml", 4 }, { "bad.xml", 4 } })
    t.equal(h.controller.calls[2][2].vast, { id = "vast-ad" })
    t.equal(h.controller.calls[3], { "error", "interstitial ad asset 1: VAST 301: timeout" })
    t.equal(h.controller.calls[4][1], "createAd")
    t.equal(h.controller.calls[4][2].vast, nil)
  end },

  { "an asset that starts while its VAST tag loads (a real engine) begins its ad once created", function()
    local h = harness()
    vastAnsweringAfter(h, function()
      h.fire("interstitialassetstart", { interstitial = AD, asset = VAST_ASSET })
      t.equal(h.controller.names(), { "createAdBreak" }, "no ad to begin yet")
    end)
    t.equal(h.controller.names(), { "createAdBreak", "createAd", "beginAd" })
    t.equal(h.controller.calls[3][2].id, h.controller.calls[2][2].id)
  end },

  { "an asset that ended before its VAST tag loaded begins no ad", function()
    local h = harness()
    vastAnsweringAfter(h, function()
      h.fire("interstitialassetstart", { interstitial = AD, asset = VAST_ASSET })
      h.fire("interstitialassetend", { interstitial = AD, asset = VAST_ASSET, played = 5, reason = "ended" })
    end)
    t.equal(h.controller.names(), { "createAdBreak", "createAd" })
  end },

  { "an asset that failed is an aderror and its ad is removed", function()
    local h = harness()
    h.fire("interstitialstart", { interstitial = AD, currentTime = 0 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    local ad = h.controller.calls[3][2]
    h.fire("interstitialerror", { interstitial = AD, asset = ASSETS[2], error = "HTTP 404" })
    t.equal(h.controller.calls[4], { "error", "HTTP 404" })
    t.equal(h.controller.calls[5][1], "removeAd")
    t.equal(h.controller.calls[5][2].id, ad.id)
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[2] })
    t.equal(#h.controller.calls, 5, "the removed ad does not begin")
  end },

  { "close stops the listeners and the timers", function()
    local h = harness({ tracking = tracking })
    h.fire("interstitialstart", { interstitial = AD, currentTime = 0 })
    h.fire("assetlistloaded", { interstitial = AD, assets = ASSETS })
    h.fire("interstitialassetstart", { interstitial = AD, asset = ASSETS[1] })
    local calls, sent = #h.controller.calls, #h.sent
    h.session:close()
    t.equal(next(h.listeners), nil, "every listener removed")
    h.clock.advance(20)
    t.equal({ #h.controller.calls, #h.sent }, { calls, sent })
  end },
}
