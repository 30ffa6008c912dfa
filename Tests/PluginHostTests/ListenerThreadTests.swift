import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import LuaKit
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// A plugin's listeners run on reused Lua threads: events to a listener that returns at once
/// make no thread each, and a listener that waits, fails or overruns its budget behaves as it
/// did on a thread of its own.
@Suite struct ListenerThreadTests {
  struct Outcome: Sendable {
    let threadsMade: Int
    let logLines: [String]
    let errors: [String]
    let timeupdates: Int
  }

  /// Plays 30 s of VOD with a plugin whose `setSource` runs `body`.
  func play(_ body: String, limits: LuaLimits = LuaLimits()) async throws -> Outcome {
    let scratch = try Scratch()
    let plugin = try scratch.setSourcePlugin(body)
    return try await onOwnThread { () -> Outcome in
      var options = PluginHostOptions(http: HTTPClient(timeout: 5))
      options.engine.defaultTimeline = .vod(30)
      options.limits = limits
      options.diagnostics = { _ in }
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: plugin)
      let ssai = SSAIConfiguration(integration: "test")
      host.player.setSource(
        SourceDescription(sources: [TypedSource(src: "https://e.example/a.mp4", ssai: ssai)]))
      host.player.play()
      _ = host.player.run(until: 30)
      let entries = host.player.log.entries
      return Outcome(
        threadsMade: host.pluginHost.lua.threadsMade,
        logLines: entries.filter { $0.kind == .log }.compactMap { $0.fields["message"]?.stringValue },
        errors: entries.filter { $0.kind == .aderror || $0.kind == .pluginError }.map {
          $0.fields["message"]?.stringValue ?? $0.fields["error"]?.stringValue ?? "\($0.fields)"
        },
        timeupdates: entries.filter { $0.kind == .timeupdate }.count)
    }
  }

  @Test func eventsToAListenerThatReturnsMakeNoThreadEach() async throws {
    let outcome = try await play(
      """
      local count = 0
      player:addEventListener("timeupdate", function(event)
        count = count + 1
        if event.type ~= "timeupdate" or type(event.currentTime) ~= "number" then error("bad event") end
      end)
      player:addEventListener("ended", function() log.warn("heard " .. count) end)
      """)
    #expect(outcome.timeupdates >= 100)
    #expect(outcome.logLines == ["heard \(outcome.timeupdates)"])
    #expect(outcome.errors.isEmpty, "\(outcome.errors.description)")
    // setSource and the plugin's load take a few; the 120 events none.
    #expect(outcome.threadsMade <= 4, "\(outcome.threadsMade) threads for \(outcome.timeupdates) events")
  }

  @Test func aFailingListenerIsReportedEachTimeWithItsLineAndPlayGoesOn() async throws {
    let outcome = try await play(
      """
      local n = 0
      player:addEventListener("timeupdate", function(event)
        n = n + 1
        if n % 40 == 0 then
          error("failed at " .. n)
        end
      end)
      player:addEventListener("ended", function() log.warn("ended after " .. n) end)
      """)
    #expect(outcome.errors.count == outcome.timeupdates / 40, "\(outcome.errors.description)")
    #expect(
      outcome.errors.first?.hasPrefix("timeupdate listener: ") == true
        && outcome.errors.first?.hasSuffix("plugin.lua:7: failed at 40") == true,
      "\(outcome.errors.description)")
    #expect(outcome.logLines == ["ended after \(outcome.timeupdates)"])
  }

  @Test func aListenerOverItsBudgetIsStoppedAndTheNextRunsWithAFreshOne() async throws {
    let outcome = try await play(
      """
      local n = 0
      player:addEventListener("timeupdate", function(event)
        n = n + 1
        if n == 10 then
          local x = 0
          for i = 1, 1e8 do x = x + i end
        end
      end)
      player:addEventListener("ended", function() log.warn("ended after " .. n) end)
      """, limits: LuaLimits(instructionsPerCall: 1_000_000))
    #expect(outcome.errors.count == 1, "\(outcome.errors.description)")
    #expect(
      outcome.errors.first?.contains("plugin.lua:8: instruction budget exceeded") == true,
      "\(outcome.errors.description)")
    #expect(outcome.logLines == ["ended after \(outcome.timeupdates)"])
  }

  @Test func aListenerThatWaitsForHTTPResumesWhileOthersRun() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/answer") { _ in LoopbackResponse(body: Data("42".utf8)) }
    let outcome = try await play(
      """
      local n = 0
      player:addEventListener("timeupdate", function(event)
        n = n + 1
        if n == 5 or n == 50 then
          local at = n
          local response = http.get("\(server.baseURL.absoluteString)/answer")
          log.warn("event " .. at .. " got " .. response.body .. " (" .. n .. " heard by then)")
        end
      end)
      """)
    #expect(outcome.logLines.count == 2, "\(outcome.logLines.description)")
    #expect(outcome.logLines.first?.hasPrefix("event 5 got 42") == true, "\(outcome.logLines.description)")
    #expect(outcome.logLines.last?.hasPrefix("event 50 got 42") == true, "\(outcome.logLines.description)")
    #expect(outcome.errors.isEmpty, "\(outcome.errors.description)")
  }
}
