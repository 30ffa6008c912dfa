-- Runs with the host's real json module (adhost lua --host).
local httpjson = require("adhost.httpjson")
local t = require("testing")

local function answer(status, body, contentType)
  return { status = status, body = body, headers = { ["content-type"] = contentType } }
end

return {
  { "a 2xx JSON answer decodes to its table", function()
    local data = httpjson.read(json, answer(200, '{"avails": [{"availId": "a1"}]}',
      "application/json; charset=utf-8"))
    t.equal(data, { avails = { { availId = "a1" } } })
    t.equal(httpjson.read(json, answer(201, "[1, 2]", "application/vnd.uplynk+json")), { 1, 2 })
    t.equal(httpjson.read(json, answer(200, "{}", nil)), {}, "without a content type")
  end },

  { "no answer keeps the transport's reason", function()
    local data, problem = httpjson.read(json, nil, "timed out after 5 s")
    t.equal(data, nil)
    t.equal(problem, "timed out after 5 s")
    t.equal(select(2, httpjson.read(json, nil)), "no answer")
  end },

  { "an error status is refused before the body is read", function()
    t.equal(select(2, httpjson.read(json, answer(404, '{"error": "gone"}', "application/json"))), "HTTP 404")
    t.equal(select(2, httpjson.read(json, answer(302, "", nil))), "HTTP 302")
  end },

  { "another format's content type is refused by name", function()
    local data, problem = httpjson.read(json, answer(200, "<html>gateway timeout</html>", "text/html"))
    t.equal(data, nil)
    t.equal(problem, "the answer is text/html, not JSON")
    t.equal(httpjson.allowsJSON("Application/JSON"), true)
    t.equal(httpjson.allowsJSON("text/plain; charset=utf-8"), true)
    t.equal(httpjson.allowsJSON("application/xml"), false)
  end },

  { "text that does not decode, or JSON that is not a table, says so", function()
    local data, problem = httpjson.read(json, answer(200, '{"avails": [', "application/json"))
    t.equal(data, nil)
    t.equal(problem:sub(1, 24), "the answer is not JSON: ", problem)
    t.equal(#problem > 24, true, "the decoder's message follows")
    t.equal(select(2, httpjson.read(json, answer(200, "42", "application/json"))),
      "the answer is not JSON: number")
  end },
}
