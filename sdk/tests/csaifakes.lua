-- Stand-ins for the host's services that adhost.clientside and adhost.vastads take as
-- parameters: a `vast` answering from a table of tags, a `clientside` whose engine records what
-- it is handed, and a beacon and log that record what they are asked. The engine's playing rules
-- are the host's (Tests/AdhostCLITests' client-side suites); these test what the modules do
-- around it.
local t = require("testing")

local M = {}

function M.new()
  local h = { controller = t.recordingController(), sent = {}, lines = {}, loads = {}, slots = {},
    responses = {}, added = {}, waiting = {} }
  -- An ad created with `vast =` has the VAST ad's duration, as the host's do.
  local createAd = h.controller.createAd
  h.controller.createAd = function(controller, init, adBreak)
    local ad = createAd(controller, init, adBreak)
    ad.duration = init.duration or (init.vast and init.vast.duration)
    return ad
  end
  h.beacon = { send = function(urls, name) h.sent[#h.sent + 1] = name .. " " .. table.concat(urls, ",") end }
  local function logger(level)
    return function(message) h.lines[#h.lines + 1] = level .. ": " .. message end
  end
  h.log = { info = logger("info"), warn = logger("warn"), error = logger("error") }
  h.vast = {
    load = function(tag, options)
      h.loads[#h.loads + 1] = { tag = tag, timeout = options and options.timeout }
      local response = h.responses[tag] or { nil, { code = 303, message = "no such tag" } }
      return response[1], response[2]
    end,
    selectMedia = function(vastAd, slot)
      h.slots[#h.slots + 1] = slot
      if vastAd.media then
        return vastAd.media
      end
      return nil, { code = 403, message = "no media file fits " .. slot.width .. "x" .. slot.height }
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
  return { id = id, duration = duration, sequence = options.sequence, errors = options.errors,
    media = not options.noMedia and media or nil }
end

return M
