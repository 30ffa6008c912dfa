-- Google DAI's client-initiated tracking: the media ids (`google_…`) that the stream carries as
-- timed ID3 `TXXX` frames (TS, packed audio) or inside `emsg` boxes (CMAF, scheme
-- https://aomedia.org/emsg/ID3) are pinged at `media_verification_url` + id when the playhead
-- reaches them (docs/dai.md#media-verification). Each ping is a beacon of the ad it tracks, named
-- after the tracking event the id stands for (`start`, `firstQuartile`, …), so the run's log,
-- report and strict rules see it as that ad's. Each id once: Google answers 202 or 204 for a
-- counted ping and 404 for an id it does not know or has counted already (logged, not an
-- `aderror`); no answer or any other status is an `aderror` and playback goes on.

local M = {}

M.PREFIX = "google_"

local function isMediaId(text)
  return type(text) == "string" and text:sub(1, #M.PREFIX) == M.PREFIX
end

--- The media ids a cue carries (a list, maybe empty).
function M.idsOf(cue)
  local ids = {}
  local attributes = type(cue) == "table" and cue.attributes or nil
  if type(attributes) ~= "table" then
    return ids
  end
  if cue.kind == "id3" then
    if attributes.id == "TXXX" and isMediaId(attributes.text) then
      ids[1] = attributes.text
    end
  elseif cue.kind == "emsg" and type(attributes.frames) == "table" then
    for _, frame in ipairs(attributes.frames) do
      if type(frame) == "table" and frame.id == "TXXX" and isMediaId(frame.text) then
        ids[#ids + 1] = frame.text
      end
    end
  end
  return ids
end

--- DAI's names of tracking events (the `type` of an ad's `events`, of a live metadata tag) as
--- VAST names them; a name not listed stays as DAI writes it.
M.EVENTS = { start = "start", firstquartile = "firstQuartile", midpoint = "midpoint",
  thirdquartile = "thirdQuartile", complete = "complete" }

--- The beacon event of a ping: the VAST name of DAI's event `kind`, else `mediaVerification`.
function M.eventName(kind)
  if type(kind) ~= "string" or kind == "" then
    return "mediaVerification"
  end
  return M.EVENTS[kind] or kind
end

--- The host (and `:port`) of an absolute URL, lower case; nil when it has none.
function M.host(address)
  local authority = type(address) == "string" and address:match("^%a[%w+.-]*://([^/?#]*)") or nil
  if not authority or authority == "" then
    return nil
  end
  return (authority:match("@(.*)$") or authority):lower()
end

--- DAI's tracking vocabulary for pings to `baseUrl` (docs/testing.md#tracking-vocabulary): the
--- `start` ping is the impression, and a 404 from the verification host is Google's answer to an
--- id it does not know or has counted already.
function M.vocabulary(baseUrl)
  return { impressionEvents = { "start" }, harmlessAnswers = { { status = 404, host = M.host(baseUrl),
    why = "an id Google does not know or has counted already" } } }
end

local Verifier = {}
Verifier.__index = Verifier

--- A verifier pinging `baseUrl` .. id; `options = {onPing = function(id, cue)}`: called before
--- each ping (for the live metadata's matching), it returns the ad the id tracks (nil: the ad
--- playing) and DAI's name of the event it stands for (`"firstquartile"`; nil when not known).
function M.new(controller, baseUrl, options)
  return setmetatable({ controller = controller, baseUrl = baseUrl, options = options or {}, sent = {},
    closed = false }, Verifier)
end

function Verifier:close()
  self.closed = true
end

--- Pings `id` unless it was pinged already, as a beacon of `ad` named `event`.
function Verifier:ping(id, ad, event)
  if self.closed or self.sent[id] then
    return
  end
  self.sent[id] = true
  local address = self.baseUrl .. id
  beacon.send({ address }, event, { ad = ad, onResults = function(results)
    local result = results[1] or {}
    if self.closed then
      return
    end
    local status = result.status
    if status and status >= 200 and status <= 299 then
      log.info(string.format("dai: media verification %s: HTTP %d", id, status))
    elseif status == 404 then
      log.info(string.format("dai: media verification %s: HTTP 404 (unknown or already counted)", id))
    else
      self.controller:error(string.format("Google DAI media verification %s failed: %s", address,
        status and string.format("HTTP %d", status) or tostring(result.failure or "no answer")))
    end
  end })
end

--- Pings every media id of `cue` (the `cue` event's: the playhead reached it).
function Verifier:reached(cue)
  for _, id in ipairs(M.idsOf(cue)) do
    local ad, kind
    if self.options.onPing then
      ad, kind = self.options.onPing(id, cue)
    end
    self:ping(id, ad, M.eventName(kind))
  end
end

return M
