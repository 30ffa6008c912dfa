-- Google DAI live: the stream's `metadata_url`, polled every `polling_frequency` seconds, says
-- what each media id means (docs/dai.md#live):
--   { tags = { [prefix] = { type = "start"|"firstquartile"|…, ad = <ad id>, ad_break_id = } },
--     ads = { [ad id] = { ad_break_id =, position =, duration =, title =, … } },
--     ad_breaks = { [break id] = { type =, duration =, expected_duration =, ads = <count> } } }
-- A media id found in the stream is matched to the longest `tags` key that begins it. An ad is
-- created when the id of its `start` tag becomes known in the stream (`addcue`: its segment
-- loaded), at that id's time, in its break (created with it: it starts where the ads before the
-- ad in it start); ids not matched yet wait for the next poll.

local httpjson = require("adhost.httpjson")
local daiverify = require("lib.daiverify")

local M = {}

local function number(value)
  return type(value) == "number" and value == value and value ~= math.huge and value >= 0 and value or nil
end

local Metadata = {}
Metadata.__index = Metadata

--- A matcher for `session` (adhost.stitched) fed by `metadataUrl`.
function M.new(controller, session, metadataUrl, options)
  return setmetatable({ controller = controller, session = session, url = metadataUrl,
    timeout = options.timeout, data = { tags = {}, ads = {}, ad_breaks = {} }, pending = {},
    placed = {}, closed = false }, Metadata)
end

--- The tag that `id` matches (the longest key that begins it), and its key; nil when none.
function Metadata:match(id)
  local best
  for key in pairs(self.data.tags) do
    if type(key) == "string" and id:sub(1, #key) == key and (not best or #key > #best) then
      best = key
    end
  end
  return best and self.data.tags[best], best
end

-- Places the ad of a `start` tag seen at `time`; true when done (or nothing to do).
function Metadata:place(tag, time)
  local adId = type(tag.ad) == "string" and tag.ad or nil
  local ad = adId and self.data.ads[adId]
  if type(ad) ~= "table" then
    return false
  end
  if self.placed[adId] then
    return true
  end
  local breakId = tag.ad_break_id or ad.ad_break_id
  local breakData = self.data.ad_breaks[breakId]
  breakData = type(breakData) == "table" and breakData or {}
  local position = math.tointeger(ad.position) or 1
  local before = 0
  for _, other in pairs(self.data.ads) do
    local otherPosition = type(other) == "table" and (math.tointeger(other.position) or 1)
    if otherPosition and other.ad_break_id == breakId and otherPosition < position then
      before = before + (number(other.duration) or 0)
    end
  end
  local duration = number(ad.duration) or 0
  local breakStart = time - before
  local entry = self.session:upsertBreak("break-" .. tostring(breakId), {
    startTime = breakStart,
    duration = math.max(number(breakData.duration) or number(breakData.expected_duration) or 0,
      before + duration),
    events = {},
    customData = { adBreakId = breakId, type = breakData.type },
  })
  if entry then
    self.placed[adId] = true
    self.session:upsertAd(entry, adId, { startTime = time, duration = duration, skipOffset = -1, events = {},
      init = { id = adId, customData = { position = position, title = ad.title, adBreakId = breakId } } })
  end
  return true
end

-- Reads one media id of an announced cue; true when it needs no more looking at.
function Metadata:consider(id, time)
  local tag = self:match(id)
  if not tag then
    return false
  end
  if tag.type == "start" then
    return self:place(tag, time)
  end
  return true
end

--- An in-band cue became known (`addcue`): its media ids are matched now or after a poll.
function Metadata:announced(cue)
  for _, id in ipairs(daiverify.idsOf(cue)) do
    if not self:consider(id, cue.startTime) then
      self.pending[#self.pending + 1] = { id = id, time = cue.startTime }
    end
  end
end

--- Logs what a media id the playhead reached stands for; returns its tag's event type (DAI's
--- name: `"firstquartile"`), nil when no tag matches it yet.
function Metadata:describe(id)
  local tag, key = self:match(id)
  if tag then
    log.info(string.format("dai: %s is %s (tag %s) of ad %s in break %s", id, tostring(tag.type), key,
      tostring(tag.ad), tostring(tag.ad_break_id)))
    return type(tag.type) == "string" and tag.type or nil
  end
  log.info(string.format("dai: %s matches no metadata tag yet", id))
  return nil
end

--- Fetches the metadata once and matches the ids still waiting.
function Metadata:poll()
  local answer, failure = http.get(self.url, { timeout = self.timeout, kind = "tracking" })
  local data, problem = httpjson.read(json, answer, failure)
  if self.closed then
    return
  end
  if not data then
    self.controller:error(string.format("Google DAI metadata %s: %s", self.url, problem))
    return
  end
  for _, name in ipairs({ "tags", "ads", "ad_breaks" }) do
    if type(data[name]) == "table" then
      for key, value in pairs(data[name]) do
        self.data[name][key] = value
      end
    end
  end
  local waiting = self.pending
  self.pending = {}
  for _, each in ipairs(waiting) do
    if not self:consider(each.id, each.time) then
      self.pending[#self.pending + 1] = each
    end
  end
  self.session:drive()
end

function Metadata:close()
  self.closed = true
end

return M
