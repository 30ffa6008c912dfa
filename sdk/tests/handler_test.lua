-- adhost.handler with a recording controller and log, and sessions that record their skips;
-- handler.ssai also with a player that records its listeners.
local handler = require("adhost.handler")
local t = require("testing")

local function harness(integration)
  local h = { controller = t.recordingController(), lines = {}, events = {} }
  h.log = { warn = function(message) h.lines[#h.lines + 1] = "warn: " .. message end }
  local function newSession(name)
    return {
      skip = function(_, ad) h.events[#h.events + 1] = name .. " skips " .. ad.id end,
    }
  end
  h.handler = handler.new(h.controller, {
    integration = integration,
    log = h.log,
    close = function()
      if h.session then
        h.events[#h.events + 1] = "close " .. h.session.name
        h.session = nil
      end
    end,
    current = function()
      return h.session and h.session.value
    end,
    setSource = function(source)
      h.events[#h.events + 1] = "start " .. source.name
      h.session = { name = source.name, value = newSession(source.name) }
      return source.answer
    end,
  })
  return h
end

-- handler.ssai for the integration "mine": `start` records what it was given, starts a session
-- that records its skips and close, and adds what `source.adds` names (a listener, clean-ups).
local function ssaiHarness()
  local h = { controller = t.recordingController(), lines = {}, events = {}, added = {}, runs = {} }
  h.log = { warn = function(message) h.lines[#h.lines + 1] = "warn: " .. message end }
  h.player = {
    addEventListener = function(_, eventType) h.added[#h.added + 1] = "+" .. eventType end,
    removeEventListener = function(_, eventType) h.added[#h.added + 1] = "-" .. eventType end,
  }
  h.handler = handler.ssai(h.controller, "mine", function(run, ssai, typed, source)
    h.runs[#h.runs + 1] = run
    h.events[#h.events + 1] = string.format("start %s at %s (%s)", source.name, ssai.path, typed.src)
    if source.fails then
      return true
    end
    run:begin({
      skip = function(_, ad) h.events[#h.events + 1] = source.name .. " skips " .. ad.id end,
      close = function() h.events[#h.events + 1] = "close " .. source.name end,
    })
    run:listen("cue", function() end)
    run:onClose(function() h.events[#h.events + 1] = "clean-up 1 of " .. source.name end)
    run:onClose(function() h.events[#h.events + 1] = "clean-up 2 of " .. source.name end)
    return source
  end, { player = h.player, log = h.log })
  return h
end

local function ssaiSource(name, integration)
  return { name = name, sources = {
    { src = "https://cdn.example/other.m3u8" },
    { src = "https://cdn.example/" .. name .. ".m3u8", ssai = { integration = integration or "mine" } },
  } }
end

return {
  { "setSource closes the previous session first and answers what the integration answers", function()
    local h = harness("mine")
    t.equal(h.handler.setSource({ name = "a", answer = true }), true)
    local replaced = { name = "b" }
    replaced.answer = replaced
    t.equal(h.handler.setSource(replaced) == replaced, true, "the integration's source")
    t.equal(h.events, { "start a", "close a", "start b" })
    t.equal(h.controller.names(), {})
  end },

  { "skipAd goes to the session playing", function()
    local h = harness("mine")
    h.handler.setSource({ name = "a" })
    h.handler.skipAd({ id = "ad1" })
    t.equal(h.events, { "start a", "a skips ad1" })
    t.equal(h.lines, {})
  end },

  { "skipAd without a session is refused with a warning naming the integration", function()
    local h = harness("mine")
    h.handler.skipAd({ id = "ad1" })
    t.equal(h.lines, { 'warn: skip refused: mine has no session playing ad "ad1"' })
    t.equal(h.events, {})
  end },

  { "without an integration name, skipAd without a session is ignored without a word", function()
    local h = harness(nil)
    h.handler.skipAd({ id = "ad1" })
    t.equal(h.lines, {})
    t.equal(h.events, {})
  end },

  { "resetSource closes the session and removes every ad; destroy closes it", function()
    local h = harness("mine")
    h.handler.setSource({ name = "a" })
    h.handler.resetSource()
    t.equal(h.events, { "start a", "close a" })
    t.equal(h.controller.names(), { "removeAllAds" })
    h.handler.setSource({ name = "b" })
    h.handler.destroy()
    h.handler.destroy()
    t.equal(h.events, { "start a", "close a", "start b", "close b" })
    t.equal(h.controller.names(), { "removeAllAds" }, "destroy removes no ad")
  end },

  { "ssai: setSource starts a run with the integration's ssai configuration and typed source", function()
    local h = ssaiHarness()
    local source = ssaiSource("a")
    t.equal(h.handler.setSource(source) == source, true, "start's answer")
    t.equal(h.events, { "start a at sources[1].ssai (https://cdn.example/a.m3u8)" })
    t.equal(h.added, { "+cue" })
    t.equal(h.runs[1]:isCurrent(), true, "the run is current")
  end },

  { "ssai: a source without the integration's configuration answers false, and starts nothing", function()
    local h = ssaiHarness()
    h.handler.setSource(ssaiSource("a"))
    t.equal(h.handler.setSource(ssaiSource("b", "theirs")), false)
    t.equal(h.handler.setSource({ name = "c" }), false, "no sources")
    t.equal(h.events, { "start a at sources[1].ssai (https://cdn.example/a.m3u8)",
      "clean-up 1 of a", "clean-up 2 of a", "close a" }, "the previous run closed all the same")
  end },

  { "ssai: the next source closes the run: listeners, clean-ups in order, then the session", function()
    local h = ssaiHarness()
    h.handler.setSource(ssaiSource("a"))
    h.handler.setSource(ssaiSource("b"))
    t.equal(h.events, { "start a at sources[1].ssai (https://cdn.example/a.m3u8)",
      "clean-up 1 of a", "clean-up 2 of a", "close a",
      "start b at sources[1].ssai (https://cdn.example/b.m3u8)" })
    t.equal(h.added, { "+cue", "-cue", "+cue" })
    t.equal(h.runs[1]:isCurrent(), false, "the first run is over")
    t.equal(h.runs[2]:isCurrent(), true, "the second run is current")
  end },

  { "ssai: skipAd goes to the run's session; a run without one refuses with the warning", function()
    local h = ssaiHarness()
    h.handler.setSource(ssaiSource("a"))
    h.handler.skipAd({ id = "ad1" })
    local failing = ssaiSource("b")
    failing.fails = true
    h.handler.setSource(failing)
    h.handler.skipAd({ id = "ad2" })
    t.equal(h.events[#h.events], "start b at sources[1].ssai (https://cdn.example/b.m3u8)")
    t.equal(h.events[2], "a skips ad1")
    t.equal(h.lines, { 'warn: skip refused: mine has no session playing ad "ad2"' })
  end },

  { "ssai: resetSource and destroy close the run once; resetSource removes every ad", function()
    local h = ssaiHarness()
    h.handler.setSource(ssaiSource("a"))
    h.handler.resetSource()
    h.handler.destroy()
    t.equal(h.events, { "start a at sources[1].ssai (https://cdn.example/a.m3u8)",
      "clean-up 1 of a", "clean-up 2 of a", "close a" })
    t.equal(h.controller.names(), { "removeAllAds" })
    h.runs[1]:close()
    t.equal(#h.events, 4, "closing a run again does nothing")
  end },
}
