-- adhost.handler with a recording controller and log, and sessions that record their skips.
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
}
