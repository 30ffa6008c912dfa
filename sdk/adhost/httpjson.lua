-- An HTTP answer (what `http.get` and `http.post` return) read as JSON, with the reason when it
-- cannot be: no answer, an error status, a content type that is another format, text that does
-- not decode, or JSON that is not an object or array. `json` is the host's json module (or
-- anything with the same `decode`), so that the checks can be tested alone.
--
--   local data, problem = httpjson.read(json, http.get(trackingUrl, { kind = "tracking" }))
--   if not data then controller:error("tracking " .. trackingUrl .. ": " .. problem) return end

local M = {}

--- Whether a `content-type` header value allows JSON: absent, `application/json`, `text/json`,
--- any `…/…+json`, or `text/plain` (which servers often send JSON as).
function M.allowsJSON(contentType)
  if contentType == nil or contentType == "" then
    return true
  end
  local mime = tostring(contentType):match("^%s*([^;%s]+)")
  if not mime then
    return true
  end
  mime = mime:lower()
  return mime == "application/json" or mime == "text/json" or mime == "text/plain"
    or mime:match("^[%w%.%-]+/[%w%.%-]+%+json$") ~= nil
end

--- The decoded JSON table of an HTTP answer, or nil and why not:
---   no answer        `failure` as it is (the message `http.get` returned beside nil)
---   status ∉ 2xx     `HTTP 404`
---   content type     `the answer is text/html, not JSON`
---   bad text         `the answer is not JSON: <the decoder's message>`
---   not a table      `the answer is not JSON: number` (a JSON scalar is no answer to read)
function M.read(json, response, failure)
  if not response then
    return nil, failure or "no answer"
  end
  local status = response.status
  if type(status) ~= "number" or status < 200 or status > 299 then
    return nil, string.format("HTTP %s", tostring(status))
  end
  local contentType = response.headers and response.headers["content-type"]
  if not M.allowsJSON(contentType) then
    return nil, string.format("the answer is %s, not JSON", contentType)
  end
  if type(response.body) ~= "string" then
    return nil, "the answer is not JSON: it has no body"
  end
  local data, decodeError = json.decode(response.body)
  if type(data) ~= "table" then
    return nil, "the answer is not JSON: " .. tostring(decodeError or type(data))
  end
  return data
end

return M
