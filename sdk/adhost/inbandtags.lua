-- Ad tags carried inside the media (Yospace's: YMID, YSEQ, YTYP, YDUR and YCSP), read from the
-- player's in-band cues: timed ID3 in MPEG-TS (one cue per frame: `grouper` puts the frames of
-- one tag back together), `emsg` of the scheme `urn:yospace:a:id3:2016` (ASCII `KEY=VALUE`
-- pairs split on `,`) or `https://aomedia.org/emsg/ID3` (an ID3 tag with the same frames), and
-- where an ad starts from one tag: `YSEQ` `N:T` says the tag's segment is the N-th of the ad's
-- T, `YDUR` how far into that segment the tag sits, so the ad starts at
-- `tag time − YDUR − (N − 1) × segment duration`. adhost.inbandads places the ads in a stitched
-- session from these.
--
--   local fields = inbandtags.fromEmsg(cue)            -- {YMID = …, YSEQ = "2:5", …} or nil
--   local tags = inbandtags.grouper()
--   local fields, time = tags:add(cue)                  -- once the tag's four frames are in
--   local place = inbandtags.placement(fields, time, 2) -- {ymid =, index =, count =, adStart =, …}

local M = {}

--- The emsg scheme whose message data is Yospace's `KEY=VALUE,…` text.
M.YOSPACE_SCHEME = "urn:yospace:a:id3:2016"
--- The emsg scheme whose message data is an ID3 tag (AOM, "Carriage of ID3 Timed Metadata in CMAF").
M.ID3_SCHEME = "https://aomedia.org/emsg/ID3"
--- The frames a tag needs to place an ad.
M.REQUIRED = { "YMID", "YSEQ", "YTYP", "YDUR" }

-- Tags a grouper keeps (older ones are forgotten: their frames have all come by then).
local KEPT_TAGS = 256

--- The bytes of lower- or upper-case hex text (a cue's `messageData`), or nil when it is not hex.
function M.hexText(hex)
  if type(hex) ~= "string" or #hex % 2 == 1 or hex:find("[^%x]") then
    return nil
  end
  return (hex:gsub("%x%x", function(pair)
    return string.char(tonumber(pair, 16))
  end))
end

--- `KEY=VALUE,KEY=VALUE` text as a table: split on `,`, then each item on its first `=`
--- (a value may hold `=`); keys trimmed of spaces; the first of a repeated key kept; items
--- without `=` and trailing NUL bytes ignored.
function M.parseKeyValues(text)
  local fields = {}
  text = tostring(text):gsub("\0+$", "")
  for item in (text .. ","):gmatch("([^,]*),") do
    local key, value = item:match("^%s*([^=]-)%s*=(.*)$")
    if key and key ~= "" and fields[key] == nil then
      fields[key] = value
    end
  end
  return fields
end

-- The name and value of one ID3 frame (a cue's attributes, or an emsg's decoded frame): a text
-- frame by its id (`YMID`), a TXXX by its description.
local function frameField(frame)
  if frame.id == "TXXX" then
    return frame.description, frame.text
  end
  return frame.id, frame.text
end

--- The tag fields of an `emsg` cue: from `urn:yospace:a:id3:2016` text, or from the frames of
--- `https://aomedia.org/emsg/ID3`. Any other scheme: nil and why (a foreign emsg is no tag).
function M.fromEmsg(cue)
  local attributes = cue.attributes or {}
  local scheme = attributes.schemeIdUri or cue.class
  if scheme == M.YOSPACE_SCHEME then
    local text = M.hexText(attributes.messageData)
    if not text then
      return nil, "its message_data is not hex text"
    end
    return M.parseKeyValues(text)
  elseif scheme == M.ID3_SCHEME then
    local fields = {}
    for _, frame in ipairs(attributes.frames or {}) do
      local name, value = frameField(frame)
      if type(name) == "string" and type(value) == "string" and fields[name] == nil then
        fields[name] = value
      end
    end
    return fields
  end
  return nil, string.format("scheme %s carries no ad tags", tostring(scheme))
end

--- Whether `fields` has every frame of REQUIRED.
function M.isComplete(fields)
  for _, name in ipairs(M.REQUIRED) do
    if type(fields[name]) ~= "string" then
      return false
    end
  end
  return true
end

local Grouper = {}
Grouper.__index = Grouper

--- Gathers the frames of timed-ID3 tags, one cue per frame, into tags: frames of one segment
--- (the cue id's `id3-<sequence>-`) at one time are one tag.
function M.grouper()
  return setmetatable({ tags = {}, order = {} }, Grouper)
end

--- Adds an `id3` cue's frame; returns the tag's fields and time when this frame completes it
--- (once per tag; frames added later, such as YCSP, still join the same table), else nil.
function Grouper:add(cue)
  local name, value = frameField(cue.attributes or {})
  if type(name) ~= "string" or type(value) ~= "string" or type(cue.startTime) ~= "number" then
    return nil
  end
  local segment = tostring(cue.id):match("^(.*)%-%d+$") or ""
  local key = string.format("%s@%.6f", segment, cue.startTime)
  local tag = self.tags[key]
  if not tag then
    tag = { fields = {}, time = cue.startTime, complete = false }
    self.tags[key] = tag
    self.order[#self.order + 1] = key
    if #self.order > KEPT_TAGS then
      self.tags[table.remove(self.order, 1)] = nil
    end
  end
  if tag.fields[name] == nil then
    tag.fields[name] = value
  end
  if not tag.complete and M.isComplete(tag.fields) then
    tag.complete = true
    return tag.fields, tag.time
  end
  return nil
end

--- `YSEQ` text `N:T` as N and T (1 ≤ N ≤ T), or nil.
function M.parseSequence(text)
  local index, count = tostring(text):match("^%s*(%d+)%s*:%s*(%d+)%s*$")
  index, count = tonumber(index), tonumber(count)
  if not index or index < 1 or index > count then
    return nil
  end
  return index, count
end

--- Where the ad of a complete tag at content time `time` starts, its segments `segmentDuration`
--- seconds long: `{ymid =, index =, count =, kind = YTYP, offset = YDUR, csp = YCSP, time =,
--- segmentStart =, adStart =}`, or nil and what is wrong with the tag.
function M.placement(fields, time, segmentDuration)
  if not M.isComplete(fields) then
    return nil, "a tag needs YMID, YSEQ, YTYP and YDUR"
  end
  local index, count = M.parseSequence(fields.YSEQ)
  if not index then
    return nil, string.format("YSEQ %q is not N:T with 1 ≤ N ≤ T", fields.YSEQ)
  end
  local offset = tonumber(fields.YDUR)
  if not offset or offset ~= offset or offset < 0 or offset == math.huge then
    return nil, string.format("YDUR %q is not a number of seconds ≥ 0", fields.YDUR)
  end
  local segmentStart = time - offset
  return {
    ymid = fields.YMID, index = index, count = count, kind = fields.YTYP, offset = offset,
    csp = fields.YCSP, time = time, segmentStart = segmentStart,
    adStart = segmentStart - (index - 1) * segmentDuration,
  }
end

return M
