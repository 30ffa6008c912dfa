-- adhost.stitched with its services given as parameters: a recording controller, and a
-- player, timer, beacon and log whose state the test sets (the end-to-end behaviour on the real
-- host is Tests/AdhostCLITests' MediaTailor and stitched-break suites).
local stitched = require("adhost.stitched")
local t = require("testing")

-- A player whose listeners the test calls (`h.listeners`), and which, as the host's, sends
-- `seeking` and `seeked` when its currentTime is set (`h.position` holds the time).
local function seekingPlayer(h)
  h.listeners, h.position = {}, { currentTime = 0, paused = false }
  local fire = function(eventType)
    if h.listeners[eventType] then
      h.listeners[eventType]()
    end
  end
  local methods = {
    addEventListener = function(_, eventType, fn) h.listeners[eventType] = fn end,
    removeEventListener = function(_, eventType) h.listeners[eventType] = nil end,
  }
  return setmetatable({}, {
    __index = function(_, key)
      return methods[key] or h.position[key]
    end,
    __newindex = function(_, key, value)
      if key == "currentTime" then
        fire("seeking")
        h.position.currentTime = value
        fire("seeked")
      else
        h.position[key] = value
      end
    end,
  })
end

-- A session with its services; `seeking`: on seekingPlayer, else on a plain table.
local function harness(seeking, lateJoin)
  local h = { controller = t.recordingController(), timers = {}, sent = {}, lines = {} }
  if seeking then
    h.player = seekingPlayer(h)
  else
    h.player = { currentTime = 0, paused = false }
    function h.player.addEventListener() end
    function h.player.removeEventListener() end
  end
  h.timer = {
    now = function()
      return h.player.currentTime
    end,
    after = function(delay, fn)
      local handle = { delay = delay, fn = fn }
      function handle.cancel(self)
        self.cancelled = true
      end
      h.timers[#h.timers + 1] = handle
      return handle
    end,
  }
  h.beacon = { send = function(urls, name, options)
    h.sent[#h.sent + 1] = name .. " " .. table.concat(urls, ",")
    h.credited[#h.credited + 1] = options.ad and options.ad.id or "-"
  end }
  h.credited = {}
  local function logger(level)
    return function(message) h.lines[#h.lines + 1] = level .. ": " .. message end
  end
  h.log = { info = logger("info"), warn = logger("warn"), error = logger("error") }
  h.session = stitched.new(h.controller, { player = h.player, timer = h.timer, beacon = h.beacon,
    log = h.log, lateJoin = lateJoin })
  return h
end

-- A break at 30–50 with two ads of 10 s (the first skippable after 5 s), and their events.
local function schedule(h)
  local entry = h.session:upsertBreak("avail", { startTime = 30, duration = 20, events = {
    { id = "be", name = "breakEnd", time = 50, urls = { "b/end" } },
    { id = "bs", name = "breakStart", time = 30, urls = { "b/start" } },
  } })
  h.session:upsertAd(entry, "ad1", { startTime = 30, duration = 10, skipOffset = 5, events = {
    { id = "i1", name = "impression", time = 30, urls = { "1/imp" } },
    { id = "q1", name = "firstQuartile", time = 32.5, urls = { "1/q1" } },
    { id = "m1", name = "midpoint", time = 35, urls = { "1/mid" } },
    { id = "c1", name = "complete", time = 40, urls = { "1/complete" } },
  } })
  h.session:upsertAd(entry, "ad2", { startTime = 40, duration = 10, skipOffset = -1, events = {} })
  return entry
end

local function lastTimer(h)
  local handle = h.timers[#h.timers]
  return handle and not handle.cancelled and handle or nil
end

return {
  { "a break grows by key, its events kept once and in time order", function()
    local h = harness()
    local entry = schedule(h)
    t.equal(h.controller.calls[1], { "createAdBreak", { timeOffset = 30, maxDuration = 20 } })
    t.equal(h.controller.calls[2],
      { "createAd", { type = "linear", id = "ad1", duration = 10, skipOffset = 5 }, entry.adBreak })
    t.equal({ entry.events[1].name, entry.events[2].name }, { "breakStart", "breakEnd" })
    h.session:upsertBreak("avail", { startTime = 30, duration = 25, events = {
      { id = "bs", name = "breakStart", time = 30, urls = { "b/start" } },
      { id = "mid", name = "breakMiddle", time = 41, urls = { "b/mid" } },
    } })
    t.equal(h.controller.calls[4], { "updateAdBreak", entry.adBreak, { maxDuration = 25 } })
    t.equal(entry.endTime, 55)
    t.equal(#entry.events, 3, "breakStart is not added twice")
    t.equal(entry.events[2].name, "breakMiddle")
    h.session:upsertBreak("avail", { startTime = 30, duration = 10 })
    t.equal(#h.controller.calls, 4, "a shorter answer does not shrink the break")
    h.session:upsertAd(entry, "ad2", { startTime = 40, duration = 12, skipOffset = -1 })
    t.equal(h.controller.calls[5], { "updateAd", entry.adsByKey.ad2.ad, { duration = 12 } })
  end },

  { "the timeline finds breaks, ads and the next boundary", function()
    local h = harness()
    local entry = schedule(h)
    local timeline = h.session.timeline
    t.equal(timeline:breakAt(29.9), nil)
    t.equal(timeline:breakAt(30), entry)
    t.equal(timeline:breakAt(50), nil, "a break ends before its end time")
    t.equal(h.session:adAt(29.9), nil, "no ad before the break")
    t.equal(h.session:adAt(30), entry.adsByKey.ad1.ad, "the ad whose span holds the time")
    t.equal(h.session:adAt(49.9), entry.adsByKey.ad2.ad)
    t.equal(h.session:adAt(50), nil, "no ad past the break")
    t.equal(timeline:nextBoundary(0), 30)
    t.equal(timeline:nextBoundary(30), 40)
    t.equal(timeline:nextBoundary(30, entry.adsByKey.ad1), 32.5, "the playing ad's next event")
    t.equal(timeline:nextBoundary(50), nil)
    t.equal(timeline:policyView(), {
      { startTime = 30, endTime = 50, watched = false },
    })
  end },

  { "driving begins the ad under the playhead, sends what is due and times the next step", function()
    local h = harness()
    schedule(h)
    h.player.currentTime = 32.5
    h.session:drive()
    t.equal(h.controller.names(), { "createAdBreak", "createAd", "createAd", "beginAd", "updateAdProgress" })
    t.near(h.controller.calls[5][3], 0.25, "progress of ad1")
    t.equal(h.sent, { "breakStart b/start", "impression 1/imp", "firstQuartile 1/q1" })
    t.near(lastTimer(h).delay, 2.5, "the timer to the midpoint")

    h.player.currentTime = 40
    lastTimer(h).fn()
    t.equal({ table.unpack(h.controller.names(), 6) }, { "updateAdProgress", "endAd", "beginAd",
      "updateAdProgress" })
    t.equal(h.controller.calls[6][3], 1, "ad1 ends at progress 1")
    t.equal(h.controller.calls[8][2].id, "ad2", "the second ad begins where the first ended")
    t.equal({ table.unpack(h.sent, 4) }, { "midpoint 1/mid", "complete 1/complete" })
  end },

  { "a skip waits for the skip offset, then goes to the ad's end", function()
    local h = harness()
    local entry = schedule(h)
    local ad1 = entry.adsByKey.ad1.ad
    h.player.currentTime = 32
    h.session:drive()
    t.equal(h.session:skip(ad1), false)
    t.equal(h.lines[#h.lines], 'warn: skip refused: ad "ad1": it is skippable after 5 s and has played 2 s')
    t.equal(h.session:skip(entry.adsByKey.ad2.ad), false, "an ad that is not playing")
    h.player.currentTime = 35.5
    t.equal(h.session:skip(ad1), true)
    t.equal(h.player.currentTime, 40, "the playhead went to the ad's end")
    local calls = h.controller.calls
    t.equal({ table.unpack(h.controller.names(), #calls - 3) },
      { "updateAdProgress", "skipAd", "beginAd", "updateAdProgress" })
    t.near(calls[#calls - 3][3], 0.55, "what ad1 played before the skip")
    t.equal(calls[#calls - 1][2].id, "ad2", "the next ad begins at once")
    t.equal(h.lines[#h.lines], 'info: ad "ad1" skipped after 5.5 s: on to its end, 40 s')
  end },

  { "a user's seek waits for seeked; the session's own seek is not taken for one", function()
    local h = harness(true)
    schedule(h)
    h.session:attach()
    t.equal(h.session.state, "following")
    h.position.currentTime = 10
    h.listeners.seeking()
    t.equal(h.session.state, "userSeeking")
    local calls = #h.controller.calls
    h.session:drive()
    t.equal(#h.controller.calls, calls, "no pass while the user seeks")
    h.position.currentTime = 45 -- into ad2: the break plays from its beginning, 30 s
    h.listeners.seeked()
    t.equal(h.lines[1],
      "info: seek to 45 s: to 30 s instead (into the break at 30 s, which plays from its beginning)")
    t.equal(h.position.currentTime, 30)
    t.equal(h.session.state, "following", "the own seek's seeking and seeked did not start a user's seek")
    t.equal({ table.unpack(h.controller.names(), calls + 1) }, { "beginAd", "updateAdProgress" })
    t.equal(h.controller.calls[calls + 1][2].id, "ad1")
  end },

  { "a session closed during a pass does nothing more", function()
    local h = harness(true)
    local first = schedule(h)
    local second = h.session:upsertBreak("next", { startTime = 50, duration = 10, events = {} })
    h.session:upsertAd(second, "ad3", { startTime = 50, duration = 10, skipOffset = -1, events = {} })
    first.watched = true
    h.session:attach()
    local info = h.log.info
    h.log.info = function(message) -- what the pass calls out to closes the session
      info(message)
      h.session:close()
    end
    h.position.currentTime = 35
    local calls = #h.controller.calls
    h.session:drive()
    t.equal(h.lines[1], "info: break at 30 s was watched: on to its end, 50 s")
    t.equal(h.position.currentTime, 50, "the seek the pass began went through")
    t.equal(#h.controller.calls, calls, "the break at 50 s did not begin")
    t.equal(h.session.state, "closed")
    t.equal(lastTimer(h), nil, "no timer armed")
  end },

  { "lateJoin: an ad joined part-way begins at its offset, with impression and start, no past quartile",
    function()
    local h = harness(false, true)
    local entry = schedule(h)
    h.player.currentTime = 35.5
    h.session:drive()
    t.equal(h.controller.calls[4], { "beginAd", entry.adsByKey.ad1.ad, { at = 5.5 } })
    t.equal(h.sent, { "breakStart b/start", "impression 1/imp" }, "the first quartile and midpoint are past")
    t.equal(h.credited, { "-", "ad1" }, "an ad's beacons are credited to it, a break's to none")
    h.player.currentTime = 40
    lastTimer(h).fn()
    t.equal(h.sent[3], "complete 1/complete")
    t.equal(h.controller.calls[8], { "beginAd", entry.adsByKey.ad2.ad },
      "ad2 begins at its start: no late join")
  end },

  { "without lateJoin, an ad the playhead is inside begins as if from its start", function()
    local h = harness()
    local entry = schedule(h)
    h.player.currentTime = 35.5
    h.session:drive()
    t.equal(h.controller.calls[4], { "beginAd", entry.adsByKey.ad1.ad })
    t.equal(h.sent, { "breakStart b/start", "impression 1/imp", "firstQuartile 1/q1", "midpoint 1/mid" })
  end },
}
