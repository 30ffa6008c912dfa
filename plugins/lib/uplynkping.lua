-- Uplynk's Ping API v3 for one Preplay session (docs/uplynk.md#ping):
--   GET {prefix}/session/ping/{sid}.json?v=3&pt={playhead}[&ev=start | &ev=seek&ft={from}]
-- The first ping goes out when the content first plays (ev=start), the next ones when the
-- playhead reaches the answer's `next_time`; a seek (the viewer's, or the plugin's own) sends one
-- ping with ev=seek and ft = where the playhead was, and no timed ping goes out from the seek's
-- start until its answer has come. `next_time` = -1 stops pinging. An answer's `ads` go to
-- `onAds`. A ping that fails is an `aderror`; the next is tried RETRY seconds of content later,
-- and after MAX_FAILURES failures in a row pinging stops.

local httpjson = require("adhost.httpjson")

local M = {}

M.RETRY = 10
M.MAX_FAILURES = 3

local Ping = {}
Ping.__index = Ping

--- A pinger for `controller`: `options = {prefix =, sid =, timeout =, onAds = function(ads, where)}`.
function M.new(controller, options)
  return setmetatable({
    controller = controller,
    listeners = {},
    base = string.format("%s/session/ping/%s.json?v=3", options.prefix, url.encode(options.sid)),
    timeout = options.timeout,
    onAds = options.onAds,
    started = false,
    stopped = false,
    busy = false,
    seeking = false, -- from a seek's start until its ping has been answered
    seekPingDue = false,
    nextTime = nil,
    failures = 0,
    lastPosition = 0,
    lastClock = 0,
  }, Ping)
end

local function whole(seconds)
  return math.floor(seconds + 1e-6)
end

function Ping:note()
  self.lastPosition, self.lastClock = player.currentTime, timer.now()
end

function Ping:stop(why)
  if not self.stopped then
    self.stopped = true
    log.info("uplynk: pinging stops: " .. why)
  end
end

function Ping:fail(address, problem)
  self.controller:error(string.format("Uplynk ping %s failed: %s", address, problem))
  self.failures = self.failures + 1
  if self.failures >= M.MAX_FAILURES then
    self:stop(string.format("%d pings failed in a row", self.failures))
  else
    self.nextTime = player.currentTime + M.RETRY
  end
end

function Ping:read(address, data)
  self.failures = 0
  local nextTime = data.next_time
  if type(data.error) == "string" and data.error ~= "" then
    self.controller:error(string.format("Uplynk ping %s: %s", address, data.error))
  end
  if type(data.ads) == "table" then
    self.onAds(data.ads, "ping answer ads")
  end
  if nextTime == -1 then
    self:stop("next_time is -1")
  elseif type(nextTime) == "number" and nextTime >= 0 and nextTime ~= math.huge then
    self.nextTime = nextTime
  else
    self.controller:error(string.format("Uplynk ping %s: next_time is %s, expected seconds or -1", address,
      tostring(nextTime)))
    self:stop("no next_time")
  end
end

--- Sends one ping (`extra`: "&ev=…"), reads its answer.
function Ping:send(extra)
  local address = string.format("%s&pt=%d%s", self.base, whole(player.currentTime), extra or "")
  self.busy = true
  self.nextTime = nil
  local data, problem = httpjson.read(json, http.get(address, { timeout = self.timeout, kind = "tracking" }))
  self.busy = false
  if self.closed or self.stopped then
    return
  end
  if data then
    self:read(address, data)
  else
    self:fail(address, problem)
  end
end

function Ping:sendSeek()
  self.seekPingDue = false
  if self.closed or self.stopped or not self.started then
    self.seeking = false
    return
  end
  local origin = whole(self.origin)
  self:send(string.format("&ev=seek&ft=%d", origin))
  self.seeking = false
  self:note()
end

--- Starts following the playhead.
function Ping:attach()
  self:listen("playing", function()
    self:note()
    if not self.started and not self.stopped then
      self.started = true
      self:send("&ev=start")
    end
  end)
  self:listen("timeupdate", function()
    if self.seeking then
      return
    end
    self:note()
    if self.started and not self.stopped and not self.busy and self.nextTime
      and player.currentTime + 1e-6 >= self.nextTime then
      self:send()
    end
  end)
  self:listen("seeking", function()
    if not self.seeking then
      self.seeking = true
      local elapsed = player.paused and 0 or timer.now() - self.lastClock
      self.origin = self.lastPosition + elapsed
    end
  end)
  self:listen("seeked", function()
    -- Once every seek of this instant is done (the plugin may seek on from the viewer's target).
    if self.seeking and not self.seekPingDue then
      self.seekPingDue = true
      timer.after(0, function()
        self:sendSeek()
      end)
    end
  end)
end

function Ping:listen(eventType, fn)
  player:addEventListener(eventType, fn)
  self.listeners[#self.listeners + 1] = { type = eventType, fn = fn }
end

--- Stops pinging for good.
function Ping:close()
  self.closed = true
  for _, listener in ipairs(self.listeners) do
    player:removeEventListener(listener.type, listener.fn)
  end
  self.listeners = {}
end

return M
