import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `adhost run --faults`: faults injected into a run's requests against a loopback ad server,
/// with the outcome IAB VAST asks for, in virtual time.
@Suite struct FaultRunTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("none", function() return {} end)
    """

  /// A run of 10 s of content with a pre-roll of a 4 s ad (the server's wrapper, then inline).
  static func run(_ server: AdServer, plan: String, _ extra: [String] = []) async throws -> RunResult {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let faults = try scratch.write("faults.json", plan)
    let ads = #"[{"sources": ""# + server.base + #"/ads/direct", "timeOffset": "start"}]"#
    return await adhost(
      ["run", plugin, try scratch.source(duration: 10, ads: ads), "--json", "--faults", faults] + extra)
  }

  @Test func aPlanThatFailsEveryBeaconOnceRetriesEachOnceAndSendsNoneTwice() async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "beacon", "fault": "refuse", "first": 1}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [14])
    let beacons = run.events("beacon")
    #expect(beacons.count == 8)
    // Every beacon answered on its second attempt, one log entry each, attempts shown.
    for beacon in beacons {
      #expect(beacon["status"] as? Double == 204 && beacon["attempts"] as? Double == 2, "\(beacon)")
    }
    // The server got each exactly once (the refused attempts never reached it).
    #expect(server.beacons.count == beacons.count)
    let counts = Dictionary(server.beacons.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(
      counts == [
        "impression": 2, "start": 2, "firstQuartile": 1, "midpoint": 1, "thirdQuartile": 1, "complete": 1,
      ])
    // Each refused attempt is in the log, next to the beacon it hit.
    let faults = run.events("fault")
    #expect(faults.count == beacons.count)
    #expect(
      faults.allSatisfy {
        $0["kind"] as? String == "beacon" && $0["fault"] as? String == "connection refused"
      })
    // Nothing waits for a beacon: each is logged at the virtual time it was first sent.
    #expect(beacons.compactMap { $0["t"] as? Double } == [0, 0, 0, 0, 1, 2, 3, 4])
  }

  /// The wrapper's ad tag answers 30 s late with a 5 s timeout: a 301 at virtual time 5, the
  /// content held for the pre-roll until then and played to its end. Were the delay slept, the
  /// run would last 5 s of wall time per request; the virtual times below show that it was not.
  @Test func aWrapperDelayedPastTheTimeoutIs301InVirtualTime() async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "wrapper", "fault": "delay", "seconds": 30}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.errorCodes == ["301"])
    #expect(run.events("aderror").compactMap { $0["t"] as? Double } == [5])
    #expect(run.events("playing").compactMap { $0["t"] as? Double } == [5])
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [15])
    #expect(run.events("adbegin").isEmpty)
    let fault = run.events("fault").first
    #expect(fault?["kind"] as? String == "wrapper" && fault?["fault"] as? String == "delay 30 s")
  }

  /// The ad tag itself answers late: no document, so no Error URL to ping; an aderror at the
  /// virtual time of the timeout, and the content, held for the pre-roll, then plays to its end.
  @Test func aTagDelayedPastTheTimeoutIsAnAdErrorAtTheTimeout() async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "vast", "fault": "delay", "seconds": 6}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").compactMap { $0["t"] as? Double } == [5])
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [15])
    #expect(server.errorCodes.isEmpty && server.server.requests.isEmpty)
  }

  @Test(arguments: [
    (#"{"kind": "wrapper", "fault": "timeout"}"#, "301"),
    (#"{"kind": "wrapper", "fault": "refuse"}"#, "301"),
    (#"{"kind": "wrapper", "fault": "status", "status": 503}"#, "301"),
    (#"{"kind": "wrapper", "fault": "reset"}"#, "301"),
    (#"{"kind": "wrapper", "fault": "emptyBody"}"#, "303"),
    (#"{"kind": "wrapper", "fault": "corrupt"}"#, "100"),
    (#"{"kind": "wrapper", "fault": "truncate", "bytes": 200}"#, "100"),
  ])
  func aFaultedWrapperTargetPingsItsIABCodeAndTheContentPlays(rule: String, code: String) async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let run = try await Self.run(server, plan: #"{"rules": ["# + rule + "]}")
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.errorCodes == [code])
    #expect(run.events("aderror").count == 1)
    #expect(run.events("ended").count == 1)
    #expect(run.events("fault").count == 1)
  }

  @Test func aFaultedRunRepeatsByteForByte() async throws {
    let plan =
      #"{"rules": [{"kind": "beacon", "fault": "timeout", "nth": 1}, {"kind": "wrapper", "fault": "delay", "seconds": 2}]}"#
    let first = try await Self.run(
      try AdServer(adDuration: "00:00:04"), plan: plan, ["--start-date", "2026-01-01T00:00:00Z"])
    let second = try await Self.run(
      try AdServer(adDuration: "00:00:04"), plan: plan, ["--start-date", "2026-01-01T00:00:00Z"])
    let strip = { (run: RunResult) in
      run.output.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "HOST", options: .regularExpression)
    }
    #expect(first.code == 0, "\(first.errors)")
    #expect(strip(first) == strip(second))
    #expect(first.events("ended").count == 1 && first.events("fault").count == 9)
  }
}
