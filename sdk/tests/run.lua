-- The SDK's unit tests: `adhost lua --host sdk/tests/run.lua` (scripts/test.sh runs it; see
-- docs/testing.md). Each *_test.lua returns a list of `{name, function}`; a test fails when its
-- function raises an error. Every *_test.lua of this folder must be listed below (a Swift test,
-- SDKLuaTestListTests, checks it). Prints a line per test, then the counts; fails when one fails.

local suites = {
  "clientside_test", "config_test", "handler_test", "httpjson_test", "inbandtags_test", "interstitials_test",
  "offset_test",
  "policies_test", "source_test", "stitched_test", "tracking_test", "vastads_test",
}

local passed, failed = 0, 0
for _, suite in ipairs(suites) do
  for _, case in ipairs(require(suite)) do
    local ok, message = pcall(case[2])
    if ok then
      passed = passed + 1
      print("ok   " .. suite .. ": " .. case[1])
    else
      failed = failed + 1
      print("FAIL " .. suite .. ": " .. case[1] .. "\n     " .. tostring(message))
    end
  end
end
print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then
  error(string.format("%d SDK unit test(s) failed", failed), 0)
end
