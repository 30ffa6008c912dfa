-- A module the demo requires from its own folder.
local schedule = {}

--- Offsets in seconds of breaks every `every` seconds of a `duration`-second programme.
function schedule.offsets(duration, every)
  local offsets = {}
  for offset = every, duration - 1, every do offsets[#offsets + 1] = offset end
  return offsets
end

--- Seconds as HH:MM:SS.
function schedule.clock(seconds)
  return ("%02d:%02d:%02d"):format(seconds // 3600, seconds % 3600 // 60, seconds % 60)
end

return schedule
