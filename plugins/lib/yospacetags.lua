-- Where a live Yospace-style stream's tags come from, handed to adhost.inbandads as they become
-- known: timed ID3 frames of TS segments and `emsg` boxes of CMAF segments as their segment
-- loads (`addcue`, ahead of the playhead, so an ad is placed before it starts), and
-- `EXT-X-DATERANGE`s with `X-COM-YOSPACE-YMID` of the playlist (as Bitmovin's connector reads
-- them: the ad starts at the date range's start, one segment of its whole length).

local inbandtags = require("adhost.inbandtags")

local M = {}

local DATERANGE_YMID = "X-COM-YOSPACE-YMID"

-- A date range's tag: `YSEQ=1:1` at its start (Bitmovin's S tag, without its 0.1 s).
local function dateRangeTag(cue)
  local ymid = cue.kind == "daterange" and cue.attributes and cue.attributes[DATERANGE_YMID]
  if type(ymid) ~= "string" or ymid == "" then
    return nil
  end
  return { YMID = ymid, YSEQ = "1:1", YTYP = "S", YDUR = "0" }
end

--- Listens, for the run of one source, to the cues that carry tags and hands each complete tag
--- to `ads` (adhost.inbandads). An emsg of another scheme is not a tag; a tag that cannot be
--- placed (a bad YSEQ, YDUR) is logged.
function M.listen(run, ads)
  local frames = inbandtags.grouper()
  local function place(fields, time)
    local _, problem = ads:tag(fields, time)
    if problem then
      log.warn(string.format("yospace: tag of %q at %g s ignored: %s", tostring(fields.YMID), time, problem))
    end
  end
  local function take(cue)
    if cue.kind == "id3" then
      local fields, time = frames:add(cue)
      if fields then
        place(fields, time)
      end
    elseif cue.kind == "emsg" then
      local fields = inbandtags.fromEmsg(cue)
      if fields and inbandtags.isComplete(fields) then
        place(fields, cue.startTime)
      end
    else
      local fields = dateRangeTag(cue)
      if fields then
        place(fields, cue.startTime)
      end
    end
  end
  run:listen("addcue", function(event)
    if run:isCurrent() then
      take(event.cue)
    end
  end)
  -- The playlist's date ranges: all known at loadedmetadata, and a live reload's new ones
  -- reached as `cue` (placing one again adds nothing).
  run:listen("loadedmetadata", function()
    if run:isCurrent() then
      for _, cue in ipairs(player.cues) do
        if cue.kind == "daterange" then
          take(cue)
        end
      end
    end
  end)
  run:listen("cue", function(event)
    if run:isCurrent() and event.cue.kind == "daterange" then
      take(event.cue)
    end
  end)
end

return M
