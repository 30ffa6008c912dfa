import Testing

/// Hostile plugin code in setSource: the host stays alive, the run fails with the documented
/// code for a fatal setSource error (70, docs/cli.md), and the message names the plugin's line.
@Suite struct HostileSandboxTests {
  func expectFatal(_ body: String, _ expected: String, arguments: [String] = []) async throws {
    let run = try await runSetSource(body, arguments: ["--instructions", "2000000"] + arguments)
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("plugin.lua:4: \(expected)"), "\(run.errors)")
  }

  @Test func aFinaliserIsRefused() async throws {
    try await expectFatal(
      #"setmetatable({}, {__gc = function() http.get("http://127.0.0.1:9/") end})"#,
      "__gc metamethods are not allowed in plugins")
  }

  @Test func aToStringThatWaitsIsRefused() async throws {
    try await expectFatal(
      #"tostring(setmetatable({}, {__tostring = function() http.get("http://127.0.0.1:9/") return "x" end}))"#,
      "cannot wait here")
  }

  /// Lua can suspend an `__index` that Lua code set off (unlike a `__tostring`, which C calls):
  /// its wait is no refusal, and it resumes with its own answer.
  @Test func anIndexThatWaitsGetsItsOwnAnswer() async throws {
    let run = try await runSetSource(
      """
      local t = setmetatable({}, {__index = function(_, key)
        local response, message = http.get("http://127.0.0.1:9/" .. key)
        return response and "a response" or message
      end})
      error("answer: " .. tostring(t.y), 0)
      """)
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("answer: "), "\(run.errors)")
    #expect(!run.errors.contains("answer: nil") && !run.errors.contains("cannot wait"), "\(run.errors)")
  }

  @Test func aToStringOrIndexThatLoopsIsStopped() async throws {
    try await expectFatal(
      "tostring(setmetatable({}, {__tostring = function() while true do end end}))",
      "instruction budget exceeded")
    try await expectFatal(
      "local t = setmetatable({}, {__index = function() while true do end end}) local x = t.anything",
      "instruction budget exceeded")
  }

  @Test func anErrorObjectWhoseToStringErrorsIsDescribed() async throws {
    try await expectFatal(
      #"error(setmetatable({}, {__tostring = function() error("inner") end}))"#,
      "error (a table value whose __tostring failed:")
    try await expectFatal("error({code = 42})", "error (a table value)")
  }

  @Test func deepRecursionIsStopped() async throws {
    let run = try await runSetSource("local function f() return 1 + f() end f()")
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("plugin.lua:4: "), "\(run.errors)")
    #expect(
      run.errors.contains("stack overflow") || run.errors.contains("memory budget exceeded"), "\(run.errors)")
  }

  @Test func repConcatAndFormatBombsEndAtTheBudgets() async throws {
    try await expectFatal("local s = string.rep('x', 1 << 30)", "memory budget exceeded")
    try await expectFatal("local s = string.rep('', math.maxinteger, 'x')", "resulting string too large")
    try await expectFatal(
      "local t = setmetatable({}, {__index = tostring, __len = function() return math.maxinteger end}) "
        + "local s = table.concat(t)", "memory budget exceeded", arguments: ["--memory", "16"])
    try await expectFatal(
      "local big = string.rep('x', 1 << 20) local s = string.format(string.rep('%s', 80), "
        + "table.unpack(setmetatable({}, {__index = function() return big end}), 1, 80))",
      "memory budget exceeded", arguments: ["--memory", "16"])
  }

  @Test func aSortComparatorThatErrorsIsReported() async throws {
    try await expectFatal(#"table.sort({3, 1, 2}, function(a, b) error("no order") end)"#, "no order")
  }

  @Test func collectgarbageAbuseIsRefusedOrStopped() async throws {
    try await expectFatal(#"collectgarbage("stop")"#, "collectgarbage('stop') is not allowed in plugins")
    try await expectFatal(
      #"collectgarbage("setpause", 1000)"#, "collectgarbage('setpause') is not allowed in plugins")
    // Each step is work in C: the time budget may end it before the instruction budget.
    let stepping = try await runSetSource(
      #"while true do collectgarbage("step") end"#, arguments: ["--seconds", "2"])
    #expect(stepping.code == 70, "\(stepping.errors)")
    #expect(
      stepping.errors.contains("plugin.lua:4: instruction budget exceeded")
        || stepping.errors.contains("plugin.lua:4: time budget exceeded"), "\(stepping.errors)")
    try await expectFatal(
      #"local t = {} while true do t[#t + 1] = {} collectgarbage("count") end"#, "memory budget exceeded",
      arguments: ["--memory", "16", "--instructions", "0"])
  }

  @Test func controllerMethodsRefuseForeignUserdata() async throws {
    for foreign in ["player", "json", "json.null", "{}"] {
      let run = try await runSetSource("controller:beginAd(\(foreign))")
      #expect(run.code == 70, "\(foreign): \(run.errors)")
      #expect(run.errors.contains("plugin.lua:4: "), "\(foreign): \(run.errors)")
    }
  }
}
