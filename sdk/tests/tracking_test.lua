local tracking = require("adhost.tracking")
local t = require("testing")

return {
  { "quartile times fall at 0, 25, 50, 75 and 100 % of the ad", function()
    t.equal(tracking.quartileTimes(30, 10),
      { start = 30, firstQuartile = 32.5, midpoint = 35, thirdQuartile = 37.5, complete = 40 })
    t.equal(tracking.quartileTimes(0, 15),
      { start = 0, firstQuartile = 3.75, midpoint = 7.5, thirdQuartile = 11.25, complete = 15 })
    t.equal(tracking.quartileTimes(12, 0),
      { start = 12, firstQuartile = 12, midpoint = 12, thirdQuartile = 12, complete = 12 })
  end },

  { "times that are no finite number of seconds ≥ 0 are refused by name", function()
    t.fails(function() tracking.quartileTimes(-1, 10) end,
      "startTime must be a number of seconds ≥ 0, got -1")
    t.fails(function() tracking.quartileTimes(0, 0 / 0) end, "duration must be")
    t.fails(function() tracking.quartileTimes(0, math.huge) end, "duration must be")
    t.fails(function() tracking.quartileTimes("5", 10) end, "startTime must be")
  end },

  { "quartile events are placed, ordered and keyed; unknown names come back", function()
    local events, unknown = tracking.quartileEvents("ad-1", 30, 10, {
      complete = { "https://t.example/c" }, impression = { "https://t.example/i" },
      midpoint = { "https://t.example/m" }, start = { "https://t.example/s" },
        click = { "https://t.example/k" },
      progress = {},
    })
    t.equal(events, {
      { id = "ad-1:impression", name = "impression", time = 30, urls = { "https://t.example/i" } },
      { id = "ad-1:start", name = "start", time = 30, urls = { "https://t.example/s" } },
      { id = "ad-1:midpoint", name = "midpoint", time = 35, urls = { "https://t.example/m" } },
      { id = "ad-1:complete", name = "complete", time = 40, urls = { "https://t.example/c" } },
    })
    t.equal(unknown, { "click", "progress" })
  end },
}
