-- MediaTailor's guided mode (server-guided ad insertion, SGAI): the manifest carries HLS
-- Interstitials whose X-ASSET-LIST is MediaTailor's; with client-side reporting each asset list
-- has a TRACKING member in the schema of the tracking API's answers (`avails`, their `ads`, each
-- ad's `trackingEvents` with `eventType`, `beaconUrls`, `startTimeInSeconds`), and the tracking
-- URL is not polled. The host plays the interstitials; adhost.interstitials reports them and
-- sends these beacons. See docs/mediatailor.md.

local interstitialads = require("adhost.interstitials")

local M = {}

local function number(value)
  return type(value) == "number" and value == value and value ~= math.huge and value or nil
end

local function urls(list)
  local found = {}
  for _, each in ipairs(type(list) == "table" and list or {}) do
    if type(each) == "string" then
      found[#found + 1] = each
    end
  end
  return found
end

--- The beacons of an asset list's TRACKING member, by asset (the ads in order, each named by its
--- `adId`), or nil.
function M.tracking(listEvent, report)
  local data = listEvent.members and listEvent.members.TRACKING
  if type(data) ~= "table" or type(data.avails) ~= "table" then
    if data ~= nil then
      report("the asset list's TRACKING has no avails")
    end
    return nil
  end
  local result = { breakStart = {}, breakEnd = {}, assets = {}, ids = {} }
  local function list(value, name)
    return type(value) == "table" and type(value[name]) == "table" and value[name] or {}
  end
  local index = 0
  for _, avail in ipairs(data.avails) do
    for _, event in ipairs(list(avail, "adBreakTrackingEvents")) do
      local target = type(event) == "table" and result[event.eventType]
      if target then
        for _, each in ipairs(urls(event.beaconUrls)) do
          target[#target + 1] = each
        end
      end
    end
    for _, ad in ipairs(list(avail, "ads")) do
      local start = type(ad) == "table" and number(ad.startTimeInSeconds) or 0
      local events = {}
      for _, tracked in ipairs(list(ad, "trackingEvents")) do
        local time = type(tracked) == "table" and number(tracked.startTimeInSeconds)
        if time and type(tracked.eventType) == "string" then
          events[#events + 1] =
            { name = tracked.eventType, offset = time - start, urls = urls(tracked.beaconUrls) }
        end
      end
      result.assets[index] = events
      if type(ad) == "table" and type(ad.adId) == "string" and ad.adId ~= "" then
        result.ids[index] = ad.adId
      end
      index = index + 1
    end
  end
  return result
end

--- A session reporting a guided session's interstitials, with the beacons of their lists.
function M.new(controller, options)
  return interstitialads.new(controller, {
    timeout = options and options.timeout,
    tracking = function(event)
      return M.tracking(event, function(problem)
        controller:error("MediaTailor guided: " .. problem)
      end)
    end,
  })
end

return M
