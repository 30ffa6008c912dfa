-- A Yospace-style session's analytics (docs/yospace.md, adhost's contract): `GET <session
-- base>/analytics` answers VMAP 1.0 whose breaks hold inline VAST ads; each ad's `Creative@id`
-- is the YMID its segments' tags carry, its Impression and Tracking URLs its beacons. Fetched
-- once for VOD, polled for live (new breaks and ads appear in later answers). Ads already known
-- keep their first description.

local M = {}

local Analytics = {}
Analytics.__index = Analytics

-- The tracking events a stitched ad sends (adhost.tracking's names).
local EVENTS = {
  start = true, firstQuartile = true, midpoint = true, thirdQuartile = true, complete = true,
}

--- Analytics of the session at `url` (its `<session base>/analytics`); `timeout` per request.
function M.new(url, timeout)
  return setmetatable({ url = url, timeout = timeout, ads = {}, breaks = {}, count = 0 }, Analytics)
end

-- The ad's tracking URLs by event name: Impression, and the quartile events of its Tracking.
local function urlsOf(ad)
  local urls = { impression = {} }
  for _, address in ipairs(ad.impressions or {}) do
    urls.impression[#urls.impression + 1] = address
  end
  for _, tracker in ipairs(ad.tracking or {}) do
    if EVENTS[tracker.event] then
      urls[tracker.event] = urls[tracker.event] or {}
      table.insert(urls[tracker.event], tracker.url)
    end
  end
  return urls
end

-- Adds the ads of one VMAP break (its key, `breakId` else its position); returns how many were new.
function Analytics:addBreak(adBreak, position)
  local key = adBreak.breakId or string.format("break-%d", position)
  local source = adBreak.source
  if not source or source.kind ~= "vast" then
    return 0
  end
  local added = 0
  for order, ad in ipairs(source.ads or {}) do
    local ymid = ad.creativeId or ad.id
    if ymid and not self.ads[ymid] and ad.duration then
      self.ads[ymid] = {
        duration = ad.duration, breakKey = key, urls = urlsOf(ad), skipOffset = ad.skipOffset,
        order = order, offset = adBreak.offset,
        init = { creativeId = ad.creativeId, adSystem = ad.adSystem, clickThrough = ad.clickThrough },
      }
      self.count = self.count + 1
      added = added + 1
      local list = self.breaks[key]
      if not list then
        list = { offset = adBreak.offset, ymids = {} }
        self.breaks[key] = list
        self.breaks[#self.breaks + 1] = key
      end
      list.ymids[#list.ymids + 1] = ymid
    end
  end
  return added
end

--- Fetches the analytics: returns how many ads are new, or nil and why it failed.
function Analytics:fetch()
  local schedule, failure = vast.loadVMAP(self.url, { timeout = self.timeout })
  if not schedule then
    return nil, string.format("%s (VMAP %s)", failure.message, tostring(failure.code))
  end
  local added = 0
  for position, adBreak in ipairs(schedule.adBreaks or {}) do
    added = added + self:addBreak(adBreak, position)
  end
  return added
end

--- What the analytics say of the ad `ymid` (adhost.inbandads' description), or nil.
function Analytics:describe(ymid)
  return self.ads[ymid]
end

return M
