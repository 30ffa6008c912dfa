import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `plugins/mediatailor.lua` under injected faults (`adhost run --faults`), against MediaTailor
/// on 127.0.0.1: the VOD session of `MediaTailorTests` (a pre-roll of two ads from 0 to 15 s).
@Suite struct MediaTailorFaultTests {
  static func run(_ server: MediaTailorServer, plan: String, ssai: String = "") async throws -> RunResult {
    let scratch = try Scratch()
    let faults = try scratch.write("faults.json", plan)
    return try await MediaTailorTests.run(server, ssai: ssai, more: ["--faults", faults])
  }

  @Test func aRefusedSessionWithAFallbackPlaysTheContentWithoutAdsAfterAnAdError() async throws {
    let server = try MediaTailorTests.vodServer()
    let fallback = server.server.baseURL.absoluteString + "/v1/master/cfg/asset/index.m3u8"
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "session", "fault": "refuse"}]}"#,
      ssai: #", "fallbackUrl": ""# + fallback + #"""#)
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(errors.count == 1)
    #expect(errors.first?.contains("MediaTailor session") == true)
    #expect(errors.first?.contains("connection refused") == true)
    #expect(errors.first?.hasSuffix("playing \(fallback) without ads") == true)
    #expect(run.events("ended").first?["t"] as? Double == 80)
    #expect(run.events("addadbreak").isEmpty && run.events("beacon").isEmpty)
    #expect(server.pollCount == 0 && server.server.requests(for: "/v1/session/cfg/asset/index.m3u8").isEmpty)
    #expect(run.events("fault").first?["kind"] as? String == "session")
  }

  /// The first poll fails: an aderror, and the next poll (one target duration later, inside the
  /// pre-roll) brings the breaks; the pre-roll's ad playing then begins where the playhead is.
  @Test(arguments: [
    #"{"kind": "tracking", "fault": "status", "status": 503, "first": 1}"#,
    #"{"kind": "tracking", "fault": "refuse", "first": 1}"#,
    #"{"kind": "tracking", "fault": "corrupt", "first": 1}"#,
  ])
  func aFailedPollIsAnAdErrorAndTheNextPollBeginsTheRestOfTheBreak(rule: String) async throws {
    let server = try MediaTailorTests.vodServer()
    let run = try await Self.run(server, plan: #"{"rules": ["# + rule + "]}")
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror")
    #expect(errors.count == 1 && errors.first?["t"] as? Double == 0)
    #expect((errors.first?["message"] as? String)?.contains("MediaTailor tracking") == true)
    // A refused poll or a status never reaches the server; a corrupted answer does.
    #expect(server.pollCount == (rule.contains("corrupt") ? 2 : 1))
    #expect(run.events("fault").count == 1)
    #expect(MediaTailorTests.times(run, "adbegin") == ["pre-1@5", "pre-2@10", "mid1-1@30", "mid2-1@55"])
    #expect(run.events("ended").first?["t"] as? Double == 80)
    let counts = Dictionary(server.beacons.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
  }

  /// The first poll answers 3 s late, in virtual time: its answer arrives inside the pre-roll,
  /// whose ad playing then begins there; no beacon goes out twice.
  @Test func aLatePollBeginsTheRestOfTheBreakAndFiresNoBeaconTwice() async throws {
    let server = try MediaTailorTests.vodServer()
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "tracking", "fault": "delay", "seconds": 3, "first": 1}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").isEmpty)
    #expect(MediaTailorTests.times(run, "adbegin") == ["pre-1@3", "pre-2@10", "mid1-1@30", "mid2-1@55"])
    #expect(run.events("ended").first?["t"] as? Double == 80)
    let counts = Dictionary(server.beacons.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
  }

  @Test func aPollTimingOutIsAnAdErrorAtTheTimeout() async throws {
    let server = try MediaTailorTests.vodServer()
    let run = try await Self.run(
      server, plan: #"{"rules": [{"kind": "tracking", "fault": "timeout", "first": 1}]}"#)
    #expect(run.code == 0, "\(run.errors)")
    let errors = run.events("aderror")
    #expect(errors.compactMap { $0["t"] as? Double } == [5])
    #expect((errors.first?["message"] as? String)?.contains("timed out after 5 s") == true)
    #expect(run.events("ended").first?["t"] as? Double == 80)
    let counts = Dictionary(server.beacons.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
  }

  /// A live playlist reload that fails (the third load of the media playlist answers 503): the
  /// player keeps the window it has and the next reload goes on; the stream ends where it would.
  @Test(arguments: [
    #"{"kind": "playlist", "url": "*/720p.m3u8*", "fault": "status", "status": 503, "nth": 3}"#,
    #"{"kind": "playlist", "url": "*/720p.m3u8*", "fault": "timeout", "nth": 3}"#,
  ])
  func aFailedLivePlaylistReloadKeepsTheContentPlaying(rule: String) async throws {
    let server = try MediaTailorServer(playlists: MediaTailorLiveTests.windows, tracking: [])
    server.answerTracking([server.tracking([])])
    let scratch = try Scratch()
    let faults = try scratch.write("faults.json", #"{"rules": ["# + rule + "]}")
    let run = try await MediaTailorTests.run(server, more: ["--until", "200", "--faults", faults])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("fault").count == 1)
    // The failure is logged (at 10 s, or at 15 s when it is a timeout of 5 s) and the content
    // plays on: the reloads after it bring the cue-out at 20 s and the end of the stream.
    let failed = run.events("playlist-error").compactMap { $0["t"] as? Double }
    #expect(failed == [rule.contains("timeout") ? 15 : 10])
    #expect(run.events("cue").first?["t"] as? Double == 20)
    #expect(run.events("ended").first?["t"] as? Double == 70)
    #expect(run.events("error").isEmpty)
  }
}
