local config = require("adhost.config")
local policies = require("adhost.policies")
local t = require("testing")

-- Breaks at 10–20, 40–50 and 70–80; the one at 40 already watched when `watched` says so.
local function breaks(watched)
  return {
    { startTime = 10, endTime = 20, watched = false },
    { startTime = 40, endTime = 50, watched = watched or false },
    { startTime = 70, endTime = 80, watched = false },
  }
end

return {
  { "a seek over breaks plays none, the last, or all of them first", function()
    t.equal(policies.new({ seekOver = "none" }):planSeek(0, 90, breaks(), false).stops, { 90 })
    t.equal(policies.new({ seekOver = "last" }):planSeek(0, 90, breaks(), false).stops, { 70, 90 })
    t.equal(policies.new({ seekOver = "all" }):planSeek(0, 90, breaks(), false),
      { stops = { 10, 40, 70, 90 }, reasons = { "seekOver", "seekOver", "seekOver", "target" } })
    t.equal(policies.new():planSeek(25, 60, breaks(), false).stops, { 40, 60 }, "default: last")
  end },

  { "watched breaks are not played again", function()
    t.equal(policies.new({ seekOver = "all" }):planSeek(0, 60, breaks(true), false).stops, { 10, 60 })
    t.equal(policies.new():planSeek(0, 45, breaks(true), false),
      { stops = { 10, 50 }, reasons = { "seekOver", "watched" } })
  end },

  { "a seek into an unwatched break starts it from its beginning", function()
    t.equal(policies.new():planSeek(0, 75, breaks(), false),
      { stops = { 70 }, reasons = { "into" } }, "the last jumped-over break gives way to the landing one")
    t.equal(policies.new():planSeek(90, 15, breaks(), false).stops, { 10 }, "backwards")
  end },

  { "seekDuringAd = refuse undoes a seek while an ad plays", function()
    local refuse = policies.new({ seekDuringAd = "refuse" })
    t.equal(refuse:planSeek(12, 90, breaks(), true), { refuse = true })
    t.equal(refuse:planSeek(25, 30, breaks(), false).stops, { 30 })
  end },

  { "skipping waits for the skip offset; -1 never skips", function()
    t.equal(policies.canSkip(5, 5), true)
    t.equal(policies.canSkip(5, 4.9999995), true, "within a microsecond")
    t.equal({ policies.canSkip(5, 3) }, { false, "it is skippable after 5 s and has played 3 s" })
    t.equal({ policies.canSkip(-1, 100) }, { false, "it is not skippable" })
  end },

  { "unknown policy values are refused", function()
    t.fails(function() policies.new({ seekOver = "first" }) end,
      'seekOver: expected "none", "last" or "all", found "first"')
    t.fails(function() policies.new({ seekDuringAd = "maybe" }) end,
      'seekDuringAd: expected "allow" or "refuse"')
  end },

  { "read: the policy an ssai configuration names; a bad value names its JSON path", function()
    local ssai = config.reader({ seekOver = "all", seekDuringAd = "refuse" }, "sources[0].ssai")
    local policy = policies.read(ssai)
    t.equal({ policy.seekOver, policy.seekDuringAd }, { "all", "refuse" })
    local defaults = policies.read(config.reader({}, "sources[0].ssai"))
    t.equal({ defaults.seekOver, defaults.seekDuringAd }, { "last", "allow" })
    t.fails(function() policies.read(config.reader({ seekOver = "first" }, "sources[1].ssai")) end,
      'sources[1].ssai.seekOver: expected "none", "last" or "all", found "first"')
    t.fails(function() policies.read(config.reader({ seekDuringAd = 3 }, "sources[0].ssai")) end,
      "sources[0].ssai.seekDuringAd: expected a string")
  end },
}
