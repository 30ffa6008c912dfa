-- Ad break offsets as THEOplayer's AdDescription.timeOffset spells them: "start", "end",
-- seconds (a number or "HH:MM:SS" / "HH:MM:SS.mmm") or a share of the content ("N%").

local M = {}

M.expectation = 'a number of seconds ≥ 0, "start", "end", "HH:MM:SS(.mmm)" or "N%"'

local function clockSeconds(text)
  local hours, minutes, seconds = text:match("^(%d+):(%d%d?):(%d[%d%.]*)$")
  if not hours then
    return nil
  end
  hours, minutes, seconds = tonumber(hours), tonumber(minutes), tonumber(seconds)
  if not seconds or minutes >= 60 or seconds >= 60 then
    return nil
  end
  return hours * 3600 + minutes * 60 + seconds
end

--- Parses an offset: returns `{kind = "start" | "end" | "seconds" | "percent", value = n}`,
--- or nil and what was expected.
function M.parse(value)
  if type(value) == "number" then
    if value ~= value or value < 0 or value == math.huge then
      return nil, M.expectation
    end
    return { kind = "seconds", value = value }
  end
  if type(value) ~= "string" then
    return nil, M.expectation
  end
  if value == "start" then
    return { kind = "start", value = 0 }
  elseif value == "end" then
    return { kind = "end" }
  end
  local percent = value:match("^(%d+%.?%d*)%%$")
  if percent then
    percent = tonumber(percent)
    if percent and percent <= 100 then
      return { kind = "percent", value = percent }
    end
    return nil, M.expectation
  end
  local seconds = clockSeconds(value)
  if seconds then
    return { kind = "seconds", value = seconds }
  end
  return nil, M.expectation
end

local function knownDuration(duration)
  return type(duration) == "number" and duration == duration and duration > 0 and duration < math.huge
end

--- Whether the offset can be placed before the content's duration is known.
function M.needsDuration(offset)
  return offset.kind == "end" or offset.kind == "percent"
end

--- The offset in content seconds, or nil when it needs a duration that is not known (live
--- content, or no source loaded yet).
function M.resolve(offset, duration)
  if offset.kind == "start" or offset.kind == "seconds" then
    return offset.value
  end
  if not knownDuration(duration) then
    return nil
  end
  if offset.kind == "end" then
    return duration
  end
  return duration * offset.value / 100
end

--- The offset as a person would write it, for logs.
function M.describe(offset)
  if offset.kind == "start" or offset.kind == "end" then
    return offset.kind
  elseif offset.kind == "percent" then
    return string.format("%g%%", offset.value)
  end
  return string.format("%g s", offset.value)
end

return M
