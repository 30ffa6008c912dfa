local config = require("adhost.config")
local t = require("testing")

return {
  { "find takes the first typed source naming the integration, Web or iOS form", function()
    local source = { sources = {
      { src = "a", ssai = { integration = "other" } },
      { src = "b", ssai = { integration = "custom", customIntegration = "mine", width = 640 } },
      { src = "c", ssai = { integration = "mine" } },
    } }
    local ssai, typed = config.find(source, "mine")
    t.equal(typed.src, "b")
    t.equal(ssai.path, "sources[1].ssai")
    t.equal(ssai:positiveInteger("width", 1), 640)
    t.equal(config.find(source, "none"), nil)
    t.equal(config.find({ sources = { src = "x", ssai = { integration = "mine" } } }, "mine").path,
      "sources[0].ssai", "a single typed source")
  end },

  { "readers give defaults and fail naming the JSON path and what was expected", function()
    local ssai = config.reader({ timeout = -2, name = "", breaks = { { tag = 7 } }, width = 2.5 },
      "sources[0].ssai")
    t.equal(ssai:string("missing", "default"), "default")
    t.equal(ssai:positiveNumber("missing", nil), nil)
    t.fails(function() ssai:positiveNumber("timeout", 5) end,
      "sources[0].ssai.timeout: expected a number > 0, found number -2")
    t.fails(function() ssai:positiveInteger("width", 1) end,
      "sources[0].ssai.width: expected a whole number ≥ 1")
    t.fails(function() ssai:requiredString("name", "the name") end,
      "sources[0].ssai.name: expected a non-empty string")
    local breaks = config.reader(ssai:list("breaks"), ssai:pathOf("breaks"))
    t.fails(function() breaks:child(1):requiredString("tag", "the tag") end,
      "sources[0].ssai.breaks[0].tag: expected a non-empty string, found number 7")
  end },
}
