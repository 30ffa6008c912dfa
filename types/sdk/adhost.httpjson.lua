---@meta adhost.httpjson
-- LuaLS annotations of `require("adhost.httpjson")` (sdk/adhost/httpjson.lua).

---@class adhost.httpjson
local httpjson = {}

--- The decoded JSON table of an HTTP answer, or nil and why not: `failure` when there is no
--- answer, `HTTP 404`, `the answer is text/html, not JSON`, `the answer is not JSON: …`.
---@param json adhost.json The host's json module (or anything with its `decode`).
---@param response adhost.HttpResponse?
---@param failure? string The message `http.get`/`http.post` returned beside nil.
---@return table? data
---@return string? problem
function httpjson.read(json, response, failure) end

--- Whether a content-type value allows JSON: absent, application/json, text/json, `…+json`,
--- text/plain.
---@param contentType string?
---@return boolean
function httpjson.allowsJSON(contentType) end

return httpjson
