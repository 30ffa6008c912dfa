local offset = require("adhost.offset")
local t = require("testing")

return {
  { "seconds, start, end and clock times parse", function()
    t.equal(offset.parse(12.5), { kind = "seconds", value = 12.5 })
    t.equal(offset.parse("start"), { kind = "start", value = 0 })
    t.equal(offset.parse("end"), { kind = "end" })
    t.equal(offset.parse("01:02:03.5"), { kind = "seconds", value = 3723.5 })
    t.equal(offset.parse("0:5:07"), { kind = "seconds", value = 307 })
  end },

  { "a share of the content parses up to 100%", function()
    t.equal(offset.parse("25%"), { kind = "percent", value = 25 })
    t.equal(offset.parse("12.5%"), { kind = "percent", value = 12.5 })
    t.equal(offset.parse("100%"), { kind = "percent", value = 100 })
  end },

  { "anything else is refused with what was expected", function()
    for _, bad in ipairs({ -1, 0 / 0, math.huge, "101%", "-5%", "1:60:00", "00:00:60", "soon", "", true,
      {} }) do
      local parsed, expectation = offset.parse(bad)
      t.equal(parsed, nil, "parse(" .. t.show(bad) .. ")")
      t.equal(expectation, offset.expectation, "why parse(" .. t.show(bad) .. ") failed")
    end
  end },

  { "resolving needs a known duration only for end and percent", function()
    t.equal(offset.resolve(offset.parse(30)), 30)
    t.equal(offset.resolve(offset.parse("start")), 0)
    t.equal(offset.resolve(offset.parse("end"), 120), 120)
    t.equal(offset.resolve(offset.parse("25%"), 120), 30)
    t.equal(offset.resolve(offset.parse("end")), nil, "end without a duration")
    t.equal(offset.resolve(offset.parse("50%"), math.huge), nil, "a share of live content")
    t.equal(offset.needsDuration(offset.parse("50%")), true)
    t.equal(offset.needsDuration(offset.parse(10)), false)
  end },

  { "offsets describe themselves for logs", function()
    t.equal(offset.describe(offset.parse(90)), "90 s")
    t.equal(offset.describe(offset.parse("12.5%")), "12.5%")
    t.equal(offset.describe(offset.parse("end")), "end")
  end },
}
