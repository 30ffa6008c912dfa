local adsource = require("adhost.source")
local config = require("adhost.config")
local t = require("testing")

local function source()
  return {
    poster = "p.jpg",
    sources = {
      { src = "https://cdn.example/other.m3u8", type = "application/x-mpegurl" },
      { src = "https://content.example/asset", type = "application/x-mpegurl",
        ssai = { integration = "mine" } },
    },
  }
end

return {
  { "the typed source plays the URL; the rest stays, the original is not changed", function()
    local original = source()
    local _, typed = config.find(original, "mine")
    local played = adsource.withPlayUrl(original, typed, "https://session.example/play.m3u8?sid=1")
    t.equal(played.poster, "p.jpg")
    t.equal(played.sources[1] == original.sources[1], true, "the other typed source is shared")
    t.equal(played.sources[2].src, "https://session.example/play.m3u8?sid=1")
    t.equal(played.sources[2].type, "application/x-mpegurl")
    t.equal(played.sources[2].ssai, { integration = "mine" })
    t.equal(original.sources[2].src, "https://content.example/asset", "the original's src")
  end },

  { "a play URL's type follows its path: .mpd is DASH, query and fragment aside", function()
    t.equal(adsource.typeOf("https://s.example/v1/dash/index.MPD?aws.sessionId=1"), adsource.DASH)
    t.equal(adsource.typeOf("https://s.example/master.m3u8#t=1"), adsource.HLS)
    t.equal(adsource.typeOf("https://s.example/play?format=.mpd"), adsource.HLS)
    local original = source()
    local _, typed = config.find(original, "mine")
    t.equal(adsource.withPlayUrl(original, typed, "https://s.example/a.mpd").sources[2].type, adsource.DASH)
    t.equal(adsource.withPlayUrl(original, typed, "https://s.example/a", "video/mp4").sources[2].type,
      "video/mp4")
  end },

  { "a missing URL or a typed source of another description is an error", function()
    local original = source()
    local _, typed = config.find(original, "mine")
    t.fails(function() adsource.withPlayUrl(original, typed, nil) end, "expected the URL to play, got nil")
    t.fails(function() adsource.withPlayUrl(original, typed, "") end, "got an empty string")
    t.fails(function() adsource.withPlayUrl(original, { src = "x" }, "https://s.example/a.m3u8") end,
      "not one of source.sources")
  end },
}
