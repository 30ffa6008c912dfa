-- How the client-side plugins write times and ads in their log lines.

local M = {}

function M.seconds(value)
  return string.format("%g s", value)
end

function M.ad(ad)
  local skip = ad.skipOffset
  local skippable = (skip == nil or skip < 0) and "not skippable" or ("skippable after " .. M.seconds(skip))
  return string.format("%q (%s, %s)", ad.id, M.seconds(ad.duration), skippable)
end

return M
