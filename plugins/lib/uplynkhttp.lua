-- The JSON answers of Uplynk's APIs (Preplay, Ping): a GET whose answer must be a 2xx status
-- with a JSON object. (MediaTailor's plugin has the same check inside it; both are to use the
-- SDK's once it has one.)

local M = {}

--- GETs `address` with `opts` (as http.get's) and returns the decoded JSON object, or nil and
--- why not: no answer (the transport's message), a status other than 2xx, or not a JSON object.
function M.getJSON(address, opts)
  local response, message = http.get(address, opts)
  if not response then
    return nil, tostring(message)
  elseif response.status < 200 or response.status > 299 then
    return nil, string.format("HTTP %d", response.status)
  end
  local data, problem = json.decode(response.body)
  if type(data) ~= "table" or data[1] ~= nil then
    return nil, "the answer is not a JSON object: " .. tostring(problem or type(data))
  end
  return data
end

return M
