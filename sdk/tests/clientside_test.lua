-- adhost.clientside with its services given as parameters (csaifakes.lua): what it loads, the
-- breaks and ads it creates and hands to the engine, what it reports, and its log lines.
local clientside = require("adhost.clientside")
local offset = require("adhost.offset")
local fakes = require("csaifakes")
local t = require("testing")

local function session(h)
  return clientside.new(h.controller, { width = 1280, height = 720, log = h.log, vast = h.vast,
    clientside = h.clientside })
end

return {
  { "a break's VAST becomes a break of ads handed to the engine", function()
    local h = fakes.new()
    h.responses["pod.xml"] = { { fakes.ad("a", 10, { sequence = 1 }), fakes.ad("b", 15, { sequence = 2 }) } }
    local s = session(h)
    t.equal(h.engineController, h.controller, "the engine plays for the controller")
    t.equal(s:isEmpty(), true)
    t.equal(s:loadBreak("mid-roll", "pod.xml", offset.parse(30), { timeout = 2 }), true)
    t.equal(h.loads, { { tag = "pod.xml", timeout = 2 } })
    t.equal(h.slots[1], { width = 1280, height = 720 }, "media chosen for the slot")
    t.equal(h.controller.names(), { "createAdBreak", "createAd", "createAd" })
    t.equal(h.controller.calls[1][2], { timeOffset = 30, maxDuration = 25 })
    t.equal(h.controller.calls[3][2].resourceURI, "b.mp4")
    t.equal(h.controller.calls[3][2].vast.id, "b")
    t.equal(h.added, { 30 })
    t.equal(s:isEmpty(), false)
    t.equal(h.lines[1], "info: mid-roll: requesting ads: pod.xml")
    t.equal(h.lines[2], "info: mid-roll: 2 ad(s) in the response")
  end },

  { "a second break at the same offset joins the first", function()
    local h = fakes.new()
    h.responses["one.xml"] = { { fakes.ad("a", 10) } }
    h.responses["two.xml"] = { { fakes.ad("b", 5) } }
    local s = session(h)
    s:loadBreak("pre-roll 1", "one.xml", offset.parse("start"))
    h.engine.breaks[0].maxDuration = 10
    s:loadBreak("pre-roll 2", "two.xml", offset.parse("start"))
    t.equal(h.controller.names(), { "createAdBreak", "createAd", "updateAdBreak", "createAd" })
    t.equal(h.controller.calls[3][3], { maxDuration = 15 })
  end },

  { "an ad that cannot play: a warning and an aderror (the host fired its Error URLs)", function()
    local h = fakes.new()
    h.responses["bad.xml"] = { { fakes.ad("x", 10, { noMedia = true }) } }
    session(h):loadBreak("mid-roll", "bad.xml", offset.parse(30))
    local message = 'mid-roll: VAST ad "x": no media file fits 1280x720 (VAST error 403)'
    t.equal(h.lines[3], "warn: " .. message)
    t.equal(h.controller.calls, { { "error", message } })
    t.equal(h.added, {}, "no break")
  end },

  { "no ad: a warning and an aderror, and the session goes on", function()
    local h = fakes.new()
    h.responses["empty.xml"] = { {} }
    local s = session(h)
    t.equal(s:loadBreak("pre-roll", "missing.xml", offset.parse(0)), true)
    t.equal(s:loadBreak("post-roll", "empty.xml", offset.parse("end")), true)
    t.equal(h.controller.calls, {
      { "error", "pre-roll: no ad (VAST error 303: no such tag)" },
      { "error", "post-roll: no ad (the response holds no ad)" },
    })
    t.equal(h.lines[2], "warn: pre-roll: no ad (VAST error 303: no such tag)")
  end },

  { "a break that needs the duration waits for it", function()
    local h = fakes.new()
    h.responses["post.xml"] = { { fakes.ad("p", 10) } }
    h.responses["half.xml"] = { { fakes.ad("h", 10) } }
    local s = session(h)
    s:loadBreak("post-roll", "post.xml", offset.parse("end"))
    s:loadBreak("half", "half.xml", offset.parse("50%"))
    t.equal(h.added, {}, "nothing placed before the duration is known")
    h.duration = 120
    s:placeDeferredBreaks()
    t.equal(h.added, { 120, 60 })
    s:loadBreak("again", "half.xml", offset.parse("50%"))
    h.duration = math.huge
    s:placeDeferredBreaks()
    t.equal(h.added, { 120, 60 }, "a live stream has no 50%")
    t.equal(h.lines[#h.lines], "warn: the break at 50% needs the content's duration, which is unknown (inf)")
    t.equal(h.controller.calls[#h.controller.calls][1], "error")
  end },

  { "a closed session drops a VAST answer that came late", function()
    local h = fakes.new()
    h.responses["late.xml"] = { { fakes.ad("l", 10) } }
    local s = session(h)
    h.vast.plan = function()
      s:close()
      return { plays = { { vast = fakes.ad("l", 10) } }, problems = {}, adCount = 1 }
    end
    t.equal(s:loadBreak("mid-roll", "late.xml", offset.parse(30)), false)
    t.equal(h.controller.calls, {})
    t.equal(h.closed, 1, "the engine closed")
  end },

  { "what the engine does is in the log", function()
    local h = fakes.new()
    session(h)
    local ad = { id = "a", duration = 10, skipOffset = 5 }
    h.narrate("breakBegins", 30, 30.1, 2)
    h.narrate("adBegins", 1, 2, ad)
    h.narrate("skipRefused", "tooEarly", ad, 5, 2)
    h.narrate("skipRefused", "notPlaying", nil)
    h.narrate("adSkipped", ad, 6)
    h.narrate("breakEnds", 30, 30)
    h.narrate("breakEnds", 120, nil)
    t.equal(h.lines, {
      "info: break at 30 s begins at content time 30.1 s: 2 ad(s)",
      'info: ad 1/2 begins: "a" (10 s, skippable after 5 s)',
      'warn: skip refused: ad "a" is skippable after 5 s, it has played 2 s',
      'warn: skip refused: ad "nil" is not playing',
      'info: ad "a" skipped after 6 s',
      "info: break at 30 s ends; content resumes at 30 s",
      "info: break at 120 s ends; the content has ended",
    })
    h.narrate("callFailed", "beginAd", ad, "boom")
    t.equal(h.lines[#h.lines], 'error: beginAd("a") failed: boom')
    t.equal(h.controller.calls, { { "error", 'beginAd("a") failed: boom' } })
  end },
}
