-- The tracking times of a linear ad: where its quartile events fall on the content timeline,
-- and stitched events (adhost.stitched) built from tracking URLs by event name.
--
--   local times = tracking.quartileTimes(30, 10)   --> {start = 30, firstQuartile = 32.5, …, complete = 40}
--   local events = tracking.quartileEvents("ad-1", 30, 10, { impression = {…}, midpoint = {…} })

local M = {}

--- The quartile events in the order they fire.
M.QUARTILES = { "start", "firstQuartile", "midpoint", "thirdQuartile", "complete" }

--- How far into the ad each fires, as a share of its duration (`impression` with `start`).
M.SHARES = {
  impression = 0, start = 0, firstQuartile = 0.25, midpoint = 0.5, thirdQuartile = 0.75, complete = 1,
}

local function finite(value)
  return type(value) == "number" and value == value and value > -math.huge and value < math.huge
end

--- The times of an ad's quartile events, in content seconds: `{start =, firstQuartile =,
--- midpoint =, thirdQuartile =, complete =}` for an ad at `startTime` lasting `duration`
--- seconds. Raises an error naming the argument for a time that is not a finite number ≥ 0.
function M.quartileTimes(startTime, duration)
  if not finite(startTime) or startTime < 0 then
    error("quartileTimes: startTime must be a number of seconds ≥ 0, got " .. tostring(startTime), 2)
  end
  if not finite(duration) or duration < 0 then
    error("quartileTimes: duration must be a number of seconds ≥ 0, got " .. tostring(duration), 2)
  end
  local times = {}
  for _, name in ipairs(M.QUARTILES) do
    times[name] = startTime + duration * M.SHARES[name]
  end
  return times
end

--- Stitched events for an ad from its tracking URLs by event name (`impression`, `start`,
--- `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`): each becomes `{id = key .. ":" ..
--- name, name =, time =, urls =}` at its time, ordered by time (impression before start). Returns
--- the events, and the names it does not know (sorted), for the caller to place or report.
function M.quartileEvents(key, startTime, duration, urlsByName)
  local times = M.quartileTimes(startTime, duration)
  times.impression = startTime
  local order = {
    impression = 0, start = 1, firstQuartile = 2, midpoint = 3, thirdQuartile = 4, complete = 5,
  }
  local events, unknown = {}, {}
  for name, urls in pairs(urlsByName or {}) do
    if times[name] then
      local id = tostring(key) .. ":" .. name
      events[#events + 1] = { id = id, name = name, time = times[name], urls = urls }
    else
      unknown[#unknown + 1] = tostring(name)
    end
  end
  table.sort(events, function(a, b)
    return order[a.name] < order[b.name]
  end)
  table.sort(unknown)
  return events, unknown
end

return M
