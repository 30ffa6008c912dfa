import Foundation
import TestFiles
import Testing

/// Numbers a plugin passes that no integer or finite field can hold: a clear Lua error naming the
/// field and what was expected, never a trap in the host.
@Suite struct NumericArgumentTests {
  static let vast = """
    <VAST version="4.1"><Ad id="a"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\
    <Impression>https://t.example/i</Impression><Creatives><Creative><Linear>\
    <Duration>00:00:05</Duration><MediaFiles>\
    <MediaFile delivery="progressive" type="video/mp4" width="4000000000" height="4000000000">\
    https://m.example/a.mp4</MediaFile>\
    <MediaFile delivery="progressive" type="video/mp4" width="4000000000" height="4000000000" \
    bitrate="-9223372036854775808">https://m.example/b.mp4</MediaFile>\
    <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/c.mp4\
    </MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
    """

  /// Runs `body` in `setSource` with `vastAd` (the document above) and `brk` (a break at 0) in
  /// scope; answers what `say` logged.
  func said(_ body: String) async throws -> [String] {
    let run = try await runSetSource(
      """
      local function say(...) log.warn(...) end
      local vastAd = vast.parse([==[\(Self.vast)]==])[1]
      local brk = controller:createAdBreak({ timeOffset = 0 })
      \(body)
      """, arguments: ["--json"])
    #expect(run.code == 0, "\(run.errors)")
    return run.events("log").compactMap { $0["message"] as? String }
  }

  @Test func aVASTAdWithAHugeWidthIsAClearErrorNamingTheField() async throws {
    let said = try await said(
      """
      for _, width in ipairs({ 1e300, -1, 0/0, math.huge }) do
        local ok, err = pcall(controller.createAd, controller, { type = "linear", vast = vastAd, width = width }, brk)
        say(ok, tostring(err))
      end
      local ok, err = pcall(controller.createAd, controller, { type = "linear", vast = vastAd, height = 3e9 }, brk)
      say(ok, tostring(err))
      local ad = controller:createAd({ type = "linear", vast = vastAd, width = 1280.4, height = 720 }, brk)
      say(ad.resourceURI, ad.width)
      """)
    #expect(said.count == 6, "\(said)")
    #expect(
      said.first?.contains(
        "createAd: init.width must be a number of pixels from 0 to 2147483647 for a VAST ad, got 1e+300")
        == true, "\(said)")
    #expect(said.dropFirst().first?.contains("init.width") == true, "\(said)")
    #expect(
      said.dropFirst(2).first?.contains("init.width must be a finite number, got nan") == true, "\(said)")
    #expect(
      said.dropFirst(3).first?.contains("init.width must be a finite number, got inf") == true, "\(said)")
    #expect(said.dropFirst(4).first?.contains("init.height must be a number of pixels") == true, "\(said)")
    #expect(said.last == "https://m.example/c.mp4 1280.4", "\(said)")
  }

  @Test func nonFiniteInitNumbersSayWhatTheyAre() async throws {
    let said = try await said(
      """
      local function try(f, ...) local ok, err = pcall(f, ...) say(tostring(err)) end
      try(controller.createAdBreak, controller, { timeOffset = 0/0 })
      try(controller.createAdBreak, controller, { timeOffset = 5, maxDuration = -math.huge })
      try(controller.createAd, controller, { type = "linear", duration = math.huge }, brk)
      try(timer.after, 0/0, function() end)
      try(function() player.currentTime = math.huge end)
      try(controller.createAd, controller, { type = "linear", duration = "long" }, brk)
      """)
    #expect(said.count == 6, "\(said)")
    #expect(said.first?.contains("createAdBreak: init.timeOffset must be a finite number, got nan") == true)
    #expect(said.dropFirst().first?.contains("init.maxDuration must be a finite number, got -inf") == true)
    #expect(
      said.dropFirst(2).first?.contains("createAd: init.duration must be a finite number, got inf") == true)
    #expect(
      said.dropFirst(3).first?.contains("timer.after: seconds must be a finite number ≥ 0, got nan") == true)
    #expect(
      said.dropFirst(4).first?.contains("player.currentTime must be a finite number of seconds, got inf")
        == true)
    #expect(said.last?.contains("createAd: init.duration must be a number, got string") == true, "\(said)")
    #expect(!said.joined().contains("got number"), "\(said)")
  }

  @Test func vastParseAndSelectMediaSurviveHugeMediaFileSizes() async throws {
    let said = try await said(
      """
      say(#vastAd.mediaFiles, vastAd.mediaFiles[1].width, vast.selectMedia(vastAd, { width = 1280, height = 720 }).url)
      say(vast.selectMedia(vastAd, { width = 100, height = 100 }).url)
      """)
    #expect(said == ["3 nil https://m.example/c.mp4", "https://m.example/a.mp4"], "\(said)")
  }

  @Test func aHugeMemoryBudgetIsAUsageErrorNotATrap() async throws {
    let scratch = try Scratch()
    let script = try scratch.write("p.lua", "print(1)")
    let run = await adhost(["lua", "--memory", "1e300", script])
    #expect(run.code == 64)
    #expect(
      run.errors.contains("--memory: expected a number of MiB from 0 to 1099511627776"), "\(run.errors)")
  }

  @Test func aSourceOrOptionPastAWeekOfContentIsRefusedNotPlayedForEver() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("p.lua", "")
    let source = try scratch.source(duration: 1e15)
    let run = await adhost(["run", plugin, source])
    #expect(run.code == 64)
    #expect(
      run.errors.contains(
        "duration: expected a number of seconds above 0 and at most 604800 (one week), found 1000000000000000"
      ),
      "\(run.errors)")
    let small = try scratch.source(duration: 10)
    let duration = await adhost(["run", plugin, small, "--duration", "1e300"])
    #expect(duration.code == 64)
    #expect(duration.errors.contains("--duration: expected a number of seconds above 0 and at most 604800"))
    let until = await adhost(["run", plugin, small, "--live", "--until", "1e300"])
    #expect(until.code == 64)
    #expect(until.errors.contains("--until: expected a number of seconds from 0 to 604800 (one week)"))
  }

  @Test func optionNumbersOutOfRangeAreClearErrorsNotTrapsOrSilentDefaults() async throws {
    let said = try await said(
      """
      local function try(f, ...) local ok, err = pcall(f, ...) say(tostring(err)) end
      try(http.get, "http://127.0.0.1:9/x", { timeout = math.huge })
      try(http.post, "http://127.0.0.1:9/x", "", { timeout = 0 })
      try(vast.load, "http://127.0.0.1:9/v.xml", { budget = 1e300 })
      try(vast.load, "http://127.0.0.1:9/v.xml", { maxDepth = 1e300 })
      try(vast.selectMedia, vastAd, { width = 1e300 })
      try(vast.selectMedia, vastAd, { maxBitrate = 0/0 })
      say(vast.selectMedia(vastAd, { width = 1279.6, height = 720 }).url)
      """)
    let expected = [
      "http.get: opts.timeout must be a number of seconds above 0 and at most 3600, got inf",
      "http.post: opts.timeout must be a number of seconds above 0 and at most 3600, got 0",
      "vast.load: opts.budget must be a number of seconds above 0 and at most 3600, got 1e+300",
      "vast.load: opts.maxDepth must be a number from 0 to 100, got 1e+300",
      "vast.selectMedia: opts.width must be a number from 0 to 2147483647, got 1e+300",
      "vast.selectMedia: opts.maxBitrate must be a number from 0 to 2147483647, got nan",
    ]
    #expect(said.count == expected.count + 1, "\(said)")
    for (line, message) in zip(said, expected) { #expect(line.hasSuffix(message), "\(line)") }
    #expect(said.last == "https://m.example/c.mp4")
  }

  @Test func theMostNegativeWholeNumberIsNamedNotATrap() async throws {
    let said = try await said(
      """
      local ok, err = pcall(timer.after, -2^63, function() end)
      say(tostring(err))
      ok, err = pcall(timer.after, math.mininteger, function() end)
      say(tostring(err))
      """)
    #expect(said.count == 2, "\(said)")
    #expect(
      said.allSatisfy { $0.hasSuffix("seconds must be a finite number ≥ 0, got -9.223372036854776e+18") },
      "\(said)")
  }

  @Test func hugeAdFieldsAreShownAsGivenNotAsACappedClock() async throws {
    let said = try await said(
      """
      local ad = controller:createAd({ type = "linear", id = "big", duration = 1e300, skipOffset = 1e300 }, brk)
      say(tostring(ad))
      """)
    #expect(said == [#"Ad linear "big" 1e+300s skip@1e+300 in break@0"#], "\(said)")
  }

  @Test func errorsGivenNumbersSayTheNumberAndFatalCodesMustBeWhole() async throws {
    let run = try await runSetSource(
      """
      controller:error(42)
      controller:error(0/0)
      local ok, err = pcall(controller.fatalError, controller, "bad", 1e300)
      log.warn(tostring(err))
      controller:fatalError("stop", 7)
      """, arguments: ["--json"])
    #expect(run.events("aderror").compactMap { $0["message"] as? String } == ["42", "nan"])
    let said = run.events("log").compactMap { $0["message"] as? String }
    #expect(
      said.first?.hasSuffix("fatalError: the code must be a whole number from 0 to 2147483647, got 1e+300")
        == true, "\(said)")
    #expect(run.events("error").first?["code"] as? Int == 7)
  }
}
