-- The beacons of an interstitial's assets (adhost.interstitials, with `options.tracking`):
-- `entry.tracking.assets[index]` lists `{name =, offset =, urls =}`, offsets in seconds into the
-- asset. Each is sent once with `services.beacon.send`, as the asset reaches it, timed by
-- `services.timer` (the session's services: the host's globals unless a test gives its own).

local M = {}

--- Sends `urls` as the tracking event `name`, and notes them sent.
function M.send(services, entry, urls, name)
  if urls and #urls > 0 then
    services.beacon.send(urls, name)
  end
  entry.sent = entry.sent or {}
  entry.sent[urls or name] = true
end

local function events(entry, index)
  return entry.tracking and entry.tracking.assets and entry.tracking.assets[index] or {}
end

--- The asset starts: the events due at once are sent, the later ones timed.
function M.start(services, entry, index)
  entry.beaconTimers = {}
  for _, event in ipairs(events(entry, index)) do
    if event.offset <= 0 then
      M.send(services, entry, event.urls, event.name)
    else
      entry.beaconTimers[#entry.beaconTimers + 1] = services.timer.after(event.offset, function()
        M.send(services, entry, event.urls, event.name)
      end)
    end
  end
end

--- The asset played through `played` seconds: the events due by then and not yet sent.
function M.finish(services, entry, index, played)
  for _, event in ipairs(events(entry, index)) do
    local due = event.offset > 0 and event.offset <= played + 1e-6
    if due and not (entry.sent and entry.sent[event.urls]) then
      M.send(services, entry, event.urls, event.name)
    end
  end
end

--- The asset stopped (or the interstitial ended): its timed events are not sent.
function M.cancel(entry)
  for _, pending in ipairs(entry.beaconTimers or {}) do
    pending:cancel()
  end
  entry.beaconTimers = {}
end

return M
