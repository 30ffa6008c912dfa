-- Reads a stream's in-band cues (docs/plugin-api.md "In-band cues"): each timed ID3 frame, each
-- emsg box and each SCTE-35 section of the segments is a cue, announced by `addcue` as its
-- segment loads and fired as `cue` when the playhead reaches it. This integration logs them:
-- the ad-tracking ids a real one would ping a verification URL with, and the breaks it would
-- play.

-- What a cue says, in one line: an ID3 frame's fields, an emsg's scheme and its decoded ID3
-- frames or SCTE-35 command, an SCTE-35 section's command.
local function describe(cue)
  local a = cue.attributes
  if cue.kind == "id3" then
    return string.format("%s %s", a.id, a.text or a.owner or "")
  elseif cue.kind == "emsg" then
    local parts = {}
    for _, frame in ipairs(a.frames or {}) do
      parts[#parts + 1] = string.format("%s %s", frame.id, frame.text or frame.owner or "")
    end
    if a.command then parts[#parts + 1] = a.command end
    return string.format("emsg v%d %s: %s", a.version, a.schemeIdUri, table.concat(parts, ", "))
  elseif cue.kind == "scte35" then
    return string.format("%s event %d", a.command, a.spliceEventId or a.segmentationEventId or 0)
  end
  return cue.kind
end

player.ads:registerServerSideIntegration("inband", function()
  player:addEventListener("loadedmetadata", function()
    log.info(string.format("loadedmetadata: %d cues in the playlist", #player.cues))
  end)
  player:addEventListener("addcue", function(event)
    log.info(string.format("addcue %s at %.3f s", event.cue.id, event.cue.startTime))
  end)
  player:addEventListener("cue", function(event)
    log.info(string.format("cue %s: %s", event.cue.id, describe(event.cue)))
  end)
  return {}
end)
