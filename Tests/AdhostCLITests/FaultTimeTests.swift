import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Injected waits are virtual time unless `--realtime` makes them real, and the beacon retry
/// policy of docs/faults.md (at most 3 attempts, only without an answer), against a loopback server.
@Suite struct FaultTimeTests {
  /// A plugin whose `setSource` requests `/answer` (timeout one hour) and logs (a warning, so that it is in the JSON log) when it answered.
  static let plugin = """
    player.ads:registerServerSideIntegration("test", function()
      return {
        setSource = function(source)
          local response, failure = http.get(source.sources[1].ssai.url, { timeout = 3600 })
          log.warn("answered " .. tostring(response and response.status or failure))
          return true
        end,
      }
    end)
    """

  /// Runs 0.2 s of content whose `setSource` waits for an answer delayed `seconds` by the plan.
  static func run(delay seconds: Double, _ extra: [String] = []) async throws -> (RunResult, Duration) {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/answer") { _ in .text("ok", type: "text/plain") }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let ssai = #"{"integration": "test", "url": ""# + server.url("/answer").absoluteString + #""}"#
    let source = try scratch.source(duration: 0.2, ssai: ssai)
    let plan = try scratch.write("faults.json", #"{"rules": [{"fault": "delay", "seconds": \#(seconds)}]}"#)
    let clock = ContinuousClock()
    let start = clock.now
    let run = await adhost(["run", plugin, source, "--json", "--faults", plan] + extra)
    return (run, clock.now - start)
  }

  static func answered(_ run: RunResult) -> [Double] {
    run.events("log").filter { $0["message"] as? String == "answered 200" }.compactMap { $0["t"] as? Double }
  }

  /// With `--realtime` a 1 s delay is a real wait: the run takes at least that long on the wall
  /// clock (only a lower bound: a loaded machine may take longer). Without the fault the run
  /// takes 0.2 s of content.
  @Test func realtimeMakesAnInjectedDelayARealWait() async throws {
    let (run, elapsed) = try await Self.run(delay: 1, ["--realtime"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(elapsed >= .seconds(1))
    // Answered once, after the real wait (the clock holds for it, as for any real request).
    #expect(Self.answered(run).count == 1, "\(run.output)")
    #expect(run.events("fault").first?["fault"] as? String == "delay 1 s")
  }

  /// Without `--realtime` the answer comes 3000 s later on the virtual clock, exactly, and the
  /// content then plays: were the delay slept, this test would not end for 50 minutes.
  @Test func withoutRealtimeAnInjectedDelayIsVirtualTimeOnly() async throws {
    let (run, _) = try await Self.run(delay: 3000)
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.answered(run) == [3000])
    #expect(run.events("playing").compactMap { $0["t"] as? Double } == [3000])
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [3000.2])
    #expect(run.events("fault").first?["fault"] as? String == "delay 3000 s")
  }

  /// Runs the OMNIBOX-style pre-roll of `FaultRunTests` with `plan`.
  static func beacons(plan: String) async throws -> (RunResult, AdServer) {
    let server = try AdServer(adDuration: "00:00:04")
    return (try await FaultRunTests.run(server, plan: plan), server)
  }

  /// A beacon that never gets an answer is sent 3 times, 0.5 s apart in virtual time, and logged
  /// once, at the time it was first sent, with its failure and `attempts: 3`; nothing waits for it.
  @Test func aBeaconWithoutAnAnswerIsSentThreeTimesAndLoggedOnce() async throws {
    let (run, server) = try await Self.beacons(plan: #"{"rules": [{"kind": "beacon", "fault": "refuse"}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    let beacons = run.events("beacon")
    #expect(beacons.count == 8)
    for beacon in beacons {
      #expect(beacon["attempts"] as? Double == 3 && beacon["status"] == nil, "\(beacon)")
      #expect((beacon["failure"] as? String)?.contains("connection refused") == true, "\(beacon)")
    }
    #expect(run.events("fault").count == 3 * beacons.count)
    #expect(server.beacons.isEmpty)
    #expect(beacons.compactMap { $0["t"] as? Double } == [0, 0, 0, 0, 1, 2, 3, 4])
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [14])
  }

  /// An answer of any status ends a beacon: a 500 is not retried, and is logged with its status.
  @Test func aBeaconAnsweredWithAnErrorStatusIsNotRetried() async throws {
    let (run, server) = try await Self.beacons(
      plan: #"{"rules": [{"kind": "beacon", "fault": "status", "status": 500}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    let beacons = run.events("beacon")
    #expect(beacons.count == 8)
    #expect(beacons.allSatisfy { $0["status"] as? Double == 500 && $0["attempts"] == nil }, "\(beacons)")
    #expect(run.events("fault").count == beacons.count)
    #expect(server.beacons.isEmpty)
  }

  /// A plan with a mistake is refused before the run: exit 64, the file and the JSON path named,
  /// and no request made.
  @Test func aPlanWithAMistakeIsRefusedBeforeTheRun() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", FaultRunTests.plugin)
    let plan = try scratch.write("plan.json", #"{"rules": [{"fault": "refuse"}, {"fault": "delay"}]}"#)
    let ads = #"[{"sources": ""# + server.base + #"/ads/direct", "timeOffset": "start"}]"#
    let run = await adhost(["run", plugin, try scratch.source(duration: 10, ads: ads), "--faults", plan])
    #expect(run.code == 64)
    #expect(run.errors.contains("\(plan) rules[1].seconds: missing"), "\(run.errors)")
    #expect(server.server.requests.isEmpty)
  }
}
