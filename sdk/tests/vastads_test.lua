-- adhost.vastads with its services given as parameters (csaifakes.lua, and a player and timer
-- the test sets): the pre-rolls load in setSource, the other breaks once the content plays.
local vastads = require("adhost.vastads")
local offset = require("adhost.offset")
local fakes = require("csaifakes")
local t = require("testing")

local SOURCE = { sources = { { src = "content.m3u8", ssai = { integration = "demo" } } } }

local function harness(breaks)
  local h = fakes.new()
  h.player = { paused = true, currentTime = 0 }
  h.later = {}
  h.timer = { after = function(delay, fn)
    h.later[#h.later + 1] = { delay = delay, fn = fn }
  end }
  h.handler = vastads.handler(h.controller, "demo", function(ssai)
    t.equal(ssai.path, "sources[0].ssai", "readSettings gets the integration's ssai")
    return { width = 640, height = 360, timeout = 3, breaks = breaks }
  end, function(settings)
    return "demo: " .. #settings.breaks .. " break(s)"
  end, { player = h.player, timer = h.timer, log = h.log, vast = h.vast,
    clientside = h.clientside })
  return h
end

return {
  { "the pre-roll loads in setSource, the mid-roll once the content plays", function()
    local cacheBuster = 0
    local h = harness({
      { name = "pre-roll", offset = offset.parse("start"), tag = "pre.xml" },
      { name = "mid-roll", offset = offset.parse(30), tag = function()
        cacheBuster = cacheBuster + 1
        return "mid.xml?cb=" .. cacheBuster
      end },
    })
    h.responses["pre.xml"] = { { fakes.ad("pre", 5) } }
    h.responses["mid.xml?cb=1"] = { { fakes.ad("mid", 10) } }
    t.equal(h.handler.setSource(SOURCE), true)
    t.equal(h.lines[1], "info: demo: 2 break(s)", "the line describe returned")
    t.equal(h.loads, { { tag = "pre.xml", timeout = 3 } }, "only the pre-roll before setSource returns")
    t.equal(h.slots[1], { width = 640, height = 360 })
    t.equal(h.added, { 0 })
    t.equal(h.attached, 1)
    t.equal(cacheBuster, 0, "the mid-roll's tag is built when it is requested")
    t.equal(#h.later, 1)
    t.equal(h.later[1].delay, 0)
    h.later[1].fn()
    t.equal(h.loads[2], { tag = "mid.xml?cb=1", timeout = 3 })
    t.equal(h.added, { 0, 30 })
  end },

  { "a break at the end is placed once the content has started", function()
    local h = harness({ { name = "post-roll", offset = offset.parse("end"), tag = "post.xml" } })
    h.responses["post.xml"] = { { fakes.ad("post", 5) } }
    h.handler.setSource(SOURCE)
    h.player.paused, h.player.currentTime, h.duration = false, 1, 60
    h.later[1].fn()
    t.equal(h.added, { 60 })
  end },

  { "no ad at all: a warning, and the content plays without ads", function()
    local h = harness({ { name = "pre-roll", offset = offset.parse(0), tag = "none.xml" } })
    t.equal(h.handler.setSource(SOURCE), true)
    t.equal(h.lines[#h.lines], "warn: demo: no ad to play; the content plays without ads")
    t.equal(h.closed, 1, "the session closed")
    t.equal(h.attached, nil, "never attached")
    h.handler.skipAd({ id = "x" })
    t.equal(h.lines[#h.lines], 'warn: skip refused: demo has no session playing ad "x"')
  end },

  { "a source without the integration is not handled", function()
    local h = harness({})
    t.equal(h.handler.setSource({ sources = { { src = "c.m3u8" } } }), false)
    t.equal(h.loads, {})
  end },

  { "a source replaced while the mid-roll loads drops it", function()
    local h = harness({
      { name = "pre-roll", offset = offset.parse(0), tag = "pre.xml" },
      { name = "mid-roll", offset = offset.parse(30), tag = "mid.xml" },
    })
    h.responses["pre.xml"] = { { fakes.ad("pre", 5) } }
    h.handler.setSource(SOURCE)
    h.handler.resetSource()
    t.equal(h.controller.calls[#h.controller.calls][1], "removeAllAds")
    h.later[1].fn()
    t.equal(#h.loads, 1, "the closed session loads nothing")
  end },

  { "skipAd goes to the session playing", function()
    local h = harness({ { name = "pre-roll", offset = offset.parse(0), tag = "pre.xml" } })
    h.responses["pre.xml"] = { { fakes.ad("pre", 5) } }
    h.handler.setSource(SOURCE)
    local ad = { id = "pre" }
    h.handler.skipAd(ad)
    t.equal(h.skipped, ad)
  end },
}
