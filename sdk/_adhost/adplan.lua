-- Which ads of a VAST response a break plays, and the media file each one plays.
--
-- VAST's rules: ads with a `sequence` form a pod and play in order; stand-alone ads (no
-- sequence) are a buffet that may stand in for a pod ad that cannot play. A response without a
-- pod plays one stand-alone ad.

local M = {}

local function hasDuration(vastAd)
  local duration = vastAd.duration
  return type(duration) == "number" and duration > 0 and duration < math.huge
end

local function label(vastAd)
  return vastAd.id and string.format("VAST ad %q", vastAd.id) or "a VAST ad without id"
end

-- Returns `{vast = ad, media = file}` or nil and `{code =, message =}`.
local function prepare(vastAd, selectMedia)
  if not hasDuration(vastAd) then
    return nil, { code = 101, message = label(vastAd) .. " has no usable Duration" }
  end
  local media, err = selectMedia(vastAd)
  if not media then
    local reason = type(err) == "table" and err.message or tostring(err or "no media file fits")
    local code = type(err) == "table" and err.code or 403
    return nil, { code = code, message = string.format("%s: %s", label(vastAd), reason) }
  end
  return { vast = vastAd, media = media }
end

--- Splits `vastAds` (as `vast.load` returns them: pod ordered by sequence) into what plays
--- and what cannot. `selectMedia(vastAd)` returns a media file or nil and `{code=, message=}`.
--- Returns `plays` (a list of `{vast=, media=}`) and `problems` (a list of
--- `{vast=, code=, message=}`, one per ad that was tried and cannot play).
function M.plan(vastAds, selectMedia)
  local pod, buffet = {}, {}
  for _, vastAd in ipairs(vastAds) do
    if vastAd.sequence ~= nil then
      pod[#pod + 1] = vastAd
    else
      buffet[#buffet + 1] = vastAd
    end
  end

  local plays, problems = {}, {}
  local nextBuffet = 1
  local function takeFromBuffet()
    while nextBuffet <= #buffet do
      local candidate = buffet[nextBuffet]
      nextBuffet = nextBuffet + 1
      local play, problem = prepare(candidate, selectMedia)
      if play then
        return play
      end
      problem.vast = candidate
      problems[#problems + 1] = problem
    end
    return nil
  end

  if #pod == 0 then
    plays[1] = takeFromBuffet()
    return plays, problems
  end
  for _, vastAd in ipairs(pod) do
    local play, problem = prepare(vastAd, selectMedia)
    if not play then
      problem.vast = vastAd
      problems[#problems + 1] = problem
      play = takeFromBuffet()
    end
    plays[#plays + 1] = play
  end
  return plays, problems
end

--- The total duration of the planned ads, in seconds.
function M.duration(plays)
  local total = 0
  for _, play in ipairs(plays) do
    total = total + play.vast.duration
  end
  return total
end

return M
