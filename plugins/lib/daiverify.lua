-- Google DAI's client-initiated tracking: the media ids (`google_…`) that the stream carries as
-- timed ID3 `TXXX` frames (TS, packed audio) or inside `emsg` boxes (CMAF, scheme
-- https://aomedia.org/emsg/ID3) are pinged at `media_verification_url` + id when the playhead
-- reaches them (docs/dai.md#media-verification). Each id once: Google answers 202 or 204 for a
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

local Verifier = {}
Verifier.__index = Verifier

--- A verifier pinging `baseUrl` .. id; `options = {timeout =, onPing = function(id, cue)}`
--- (onPing: called before each ping, for the live metadata's matching).
function M.new(controller, baseUrl, options)
  return setmetatable({ controller = controller, baseUrl = baseUrl, options = options or {}, sent = {},
    closed = false }, Verifier)
end

function Verifier:close()
  self.closed = true
end

--- Pings `id` unless it was pinged already.
function Verifier:ping(id)
  if self.closed or self.sent[id] then
    return
  end
  self.sent[id] = true
  local address = self.baseUrl .. id
  local answer, failure = http.get(address, { timeout = self.options.timeout, kind = "tracking" })
  if self.closed then
    return
  end
  local status = answer and answer.status
  if status and status >= 200 and status <= 299 then
    log.info(string.format("dai: media verification %s: HTTP %d", id, status))
  elseif status == 404 then
    log.info(string.format("dai: media verification %s: HTTP 404 (unknown or already counted)", id))
  else
    self.controller:error(string.format("Google DAI media verification %s failed: %s", address,
      status and string.format("HTTP %d", status) or tostring(failure or "no answer")))
  end
end

--- Pings every media id of `cue` (the `cue` event's: the playhead reached it).
function Verifier:reached(cue)
  for _, id in ipairs(M.idsOf(cue)) do
    if self.options.onPing then
      self.options.onPing(id, cue)
    end
    self:ping(id)
  end
end

return M
