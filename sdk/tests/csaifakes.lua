-- Stand-ins for the host's services that adhost.clientside and adhost.vastads take as
-- parameters: a `vast` answering from a table of tags, a `clientside` whose engine records what
-- it is handed, and a log that records what it is asked. The engine's playing rules
-- are the host's (Tests/AdhostCLITests' client-side suites); these test what the modules do
-- around it.
local t = require("testing")

local M = {}

function M.new()
  local h = { controller = t.recordingController(), lines = {}, loads = {}, slots = {},
    responses = {}, added = {}, waiting = {} }
  -- An ad created with `vast =` has the VAST ad's duration, as the host's do.
  local createAd = h.controller.createAd
  h.controller.createAd = function(controller, init, adBreak)
    local ad = createAd(controller, init, adBreak)
    ad.duration = init.duration or (init.vast and init.vast.duration)
    return ad
  end
  local function logger(level)
    return function(message) h.lines[#h.lines + 1] = level .. ": " .. message end
  end
  h.log = { info = logger("info"), warn = logger("warn"), error = logger("error") }
  -- vast.plan: an ad with a media file plays, one without is a 403 problem (the host's rules,
  -- pod and stand-ins, are Tests/PluginHostTests' and the parity test's).
  h.vast = {
    plan = function(tag, options)
      options = options or {}
      h.loads[#h.loads + 1] = { tag = tag, timeout = options.timeout }
      h.slots[#h.slots + 1] = { width = options.width, height = options.height }
      local response = h.responses[tag] or { nil, { code = 303, message = "no such tag" } }
      local ads = response[1]
      if not ads then
        return nil, response[2]
      end
      local plan = { plays = {}, problems = {}, adCount = #ads }
      for _, ad in ipairs(ads) do
        if ad.media then
          plan.plays[#plan.plays + 1] = { vast = ad, media = ad.media }
        else
          local message = string.format("VAST ad %q: no media file fits %sx%s", ad.id, options.width,
            options.height)
          plan.problems[#plan.problems + 1] = { id = ad.id, code = 403, message = message }
        end
      end
      return plan
    end,
  }
  h.clientside = { engine = function(controller, narrate)
    h.engineController, h.narrate = controller, narrate
    local engine = { isEmpty = true, breaks = {} }
    function engine.adBreakAt(_, offset)
      return engine.breaks[offset]
    end
    function engine.addBreak(_, adBreak, offset)
      engine.breaks[offset] = adBreak
      engine.isEmpty = false
      h.added[#h.added + 1] = offset
    end
    function engine.whenDurationKnown(_, fn)
      h.waiting[#h.waiting + 1] = fn
    end
    function engine.placeWaiting()
      for _, fn in ipairs(h.waiting) do
        fn(h.duration)
      end
      h.waiting = {}
    end
    function engine.attach()
      h.attached = (h.attached or 0) + 1
    end
    function engine.close()
      h.closed = (h.closed or 0) + 1
    end
    function engine.skip(_, ad)
      h.skipped = ad
      return true
    end
    h.engine = engine
    return engine
  end }
  return h
end

--- A VAST ad of `duration` seconds with a media file (nil `media`: none fits).
function M.ad(id, duration, options)
  options = options or {}
  local media = { url = id .. ".mp4", type = "video/mp4", width = 640, height = 360 }
  return { id = id, duration = duration, sequence = options.sequence,
    media = not options.noMedia and media or nil }
end

return M
