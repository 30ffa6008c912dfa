-- adhost.inbandtags (tags from cues, placement) and adhost.inbandads (ads placed from tags, held
-- until described) with a recording session.
local inbandads = require("adhost.inbandads")
local inbandtags = require("adhost.inbandtags")
local t = require("testing")

local function hex(text)
  return (text:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

local function frameCue(sequence, n, time, frame, text)
  return { id = string.format("id3-%d-%d", sequence, n), kind = "id3", startTime = time,
    attributes = { id = frame, text = text } }
end

-- A session that records what is put into it.
local function recordingSession()
  local s = { breaks = {}, ads = {}, drives = 0 }
  function s.upsertBreak(_, key, spec)
    s.breaks[#s.breaks + 1] = { key = key, startTime = spec.startTime, duration = spec.duration }
    return { key = key }
  end
  function s.upsertAd(_, entry, key, spec)
    s.ads[#s.ads + 1] = { breakKey = entry.key, key = key, spec = spec }
  end
  function s.drive() s.drives = s.drives + 1 end
  return s
end

local quiet = { info = function() end }

return {
  { "Yospace emsg text is split on commas, then on the first =", function()
    local cue = { kind = "emsg", class = inbandtags.YOSPACE_SCHEME, attributes = {
      schemeIdUri = inbandtags.YOSPACE_SCHEME,
      messageData = hex("YMID=ad1,YSEQ=2:5,YTYP=M,YDUR=1.1,X=a=b\0") } }
    t.equal(inbandtags.fromEmsg(cue), { YMID = "ad1", YSEQ = "2:5", YTYP = "M", YDUR = "1.1", X = "a=b" })
    t.equal(inbandtags.parseKeyValues("A=1,A=2,junk, B = x"), { A = "1", B = " x" }, "first key kept")
    t.equal(inbandtags.hexText("4a4B"), "JK")
    t.equal(inbandtags.hexText("4g"), nil)
  end },

  { "an ID3 emsg gives its frames; a foreign scheme gives nothing", function()
    local fields = inbandtags.fromEmsg({ kind = "emsg", attributes = { schemeIdUri = inbandtags.ID3_SCHEME,
      frames = { { id = "YMID", text = "ad1" }, { id = "YSEQ", text = "1:1" },
        { id = "TXXX", description = "YTYP", text = "S" }, { id = "YDUR", text = "0.1" } } } })
    t.equal(fields, { YMID = "ad1", YSEQ = "1:1", YTYP = "S", YDUR = "0.1" })
    t.equal(inbandtags.isComplete(fields), true)
    local none, why = inbandtags.fromEmsg({ kind = "emsg", attributes = {
      schemeIdUri = "urn:scte:scte35:2013:bin",
      messageData = hex("YMID=ad1,YSEQ=1:1,YTYP=S,YDUR=0") } })
    t.equal(none, nil)
    t.equal(why, "scheme urn:scte:scte35:2013:bin carries no ad tags")
  end },

  { "a grouper reports a tag once, when its four frames are in, per segment and time", function()
    local tags = inbandtags.grouper()
    t.equal(tags:add(frameCue(7, 1, 20.1, "YMID", "ad1")), nil)
    t.equal(tags:add(frameCue(7, 2, 20.1, "YSEQ", "1:5")), nil)
    t.equal(tags:add(frameCue(8, 1, 20.1, "YTYP", "S")), nil,
      "another segment's frame is another tag")
    t.equal(tags:add(frameCue(7, 3, 20.1, "YTYP", "S")), nil)
    local fields, time = tags:add(frameCue(7, 4, 20.1, "YDUR", "0.1"))
    t.equal(fields, { YMID = "ad1", YSEQ = "1:5", YTYP = "S", YDUR = "0.1" })
    t.equal(time, 20.1)
    tags:add(frameCue(7, 5, 20.1, "YCSP", "c1"))
    t.equal(fields.YCSP, "c1", "YCSP kept in the tag's fields")
    t.equal(tags:add(frameCue(7, 4, 20.1, "YDUR", "0.1")), nil,
      "the same frame again reports nothing")
  end },

  { "YSEQ and YDUR place the ad's start", function()
    local place = inbandtags.placement({ YMID = "a", YSEQ = "3:5", YTYP = "M", YDUR = "1.1" }, 25.1, 2)
    t.near(place.segmentStart, 24)
    t.near(place.adStart, 20)
    t.equal({ place.index, place.count, place.kind }, { 3, 5, "M" })
    local none, why = inbandtags.placement({ YMID = "a", YSEQ = "6:5", YTYP = "M", YDUR = "1" }, 25, 2)
    t.equal(none, nil)
    t.equal(why, 'YSEQ "6:5" is not N:T with 1 ≤ N ≤ T')
    t.equal(select(2, inbandtags.placement({ YMID = "a", YSEQ = "1:1", YTYP = "S", YDUR = "x" }, 1, 2)),
      'YDUR "x" is not a number of seconds ≥ 0')
  end },

  { "tags of one ad, repeated ones too, place it once with its quartiles at their times", function()
    local session = recordingSession()
    local ads = inbandads.new(session, { segmentDuration = 2, log = quiet, describe = function(ymid)
      return { duration = 10, breakKey = "b1",
        urls = { impression = { "i/" .. ymid }, midpoint = { "m/" .. ymid } } }
    end })
    local first = ads:tag({ YMID = "ad1", YSEQ = "1:5", YTYP = "S", YDUR = "0.1" }, 20.1)
    ads:tag({ YMID = "ad1", YSEQ = "2:5", YTYP = "S", YDUR = "0.1" }, 22.1)
    ads:tag({ YMID = "ad1", YSEQ = "2:5", YTYP = "S", YDUR = "0.1" }, 24.1) -- repeated in the next segment
    t.equal(#session.ads, 1)
    t.equal(first.tags, 3)
    local spec = session.ads[1].spec
    t.equal({ spec.startTime, spec.duration, spec.skipOffset }, { 20, 10, -1 })
    t.equal({ spec.events[1].name, spec.events[1].time, spec.events[2].name, spec.events[2].time },
      { "impression", 20, "midpoint", 25 })
    ads:tag({ YMID = "ad2", YSEQ = "1:5", YTYP = "S", YDUR = "0.1" }, 30.1)
    t.equal(session.breaks[2], { key = "b1", startTime = 20, duration = 20 }, "the break grows with its ads")
  end },

  { "a tag the service does not describe yet is held, and placed once it does", function()
    local session, known = recordingSession(), {}
    local ads = inbandads.new(session, { segmentDuration = 2, log = quiet, describe = function(ymid)
      return known[ymid]
    end })
    local occurrence = ads:tag({ YMID = "ad1", YSEQ = "2:3", YTYP = "E", YDUR = "1.9" }, 13.9)
    t.equal(occurrence.placed, false)
    t.equal(ads:refresh(), 0)
    known.ad1 = { duration = 6, urls = {} }
    t.equal(ads:refresh(), 1)
    t.equal(session.ads[1].spec.startTime, 10)
    t.equal(session.ads[1].key, "ad1")
    t.equal(ads:refresh(), 0, "placed once")
    ads:tag({ YMID = "ad1", YSEQ = "1:3", YTYP = "S", YDUR = "0" }, 70)
    t.equal(session.ads[2].key, "ad1#2", "the same YMID later is another occurrence")
  end },

  { "without a segment duration, the described ad's duration is split over its segments", function()
    local session, known = recordingSession(), {}
    local ads = inbandads.new(session, { log = quiet, segmentDuration = function() return nil end,
      describe = function(ymid) return known[ymid] end })
    local none, why = ads:tag({ YMID = "ad1", YSEQ = "3:4", YTYP = "S", YDUR = "0.5" }, 20.5)
    t.equal({ none, why }, { nil, "the segment duration is unknown until the ad is described" })
    known.ad1 = { duration = 8, urls = {} }
    ads:tag({ YMID = "ad1", YSEQ = "3:4", YTYP = "S", YDUR = "0.5" }, 20.5)
    t.equal(session.ads[1].spec.startTime, 16, "two 2 s segments before the third")
  end },
}
