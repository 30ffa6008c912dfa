import AdPlayer
import Foundation
import PlayerSeam
import Testing

/// The client-side engine arms a timer for its next break on every `timeupdate` (4 a second):
/// the loop's queue must not keep the cancelled ones until their time, minutes ahead. Counted
/// in queued timers, never in wall time.
@Suite struct BreakTimerScaleTests {
  @Test func aMidRollMinutesAheadLeavesNoTimerBehindPerTimeupdate() async throws {
    let server = try AdStreamServer()
    let source =
      #"{"sources": [{"src": "https://media.example/content.mp4", "type": "video/mp4"}], "ads": ["#
      + #"{"sources": "\#(server.base)/vast.xml", "timeOffset": 600}]}"#
    let (queued, types) = try await onOwnThread {
      let run = try EngineRun(timeline: .vod(1500))
      run.player.setSource(try SourceDescription(jsonText: source))
      var queued: [Int] = []
      for limit in [60.0, 300, 590] {
        _ = run.player.run(until: limit)
        queued.append(run.player.loop.queuedTimers)
      }
      _ = run.player.run(until: 620)
      return (queued, run.log.entries.map(\.type))
    }
    // The break still plays at 600 s.
    #expect(types.contains("adbreakbegin"))
    // Before, every timeupdate's cancelled timer stayed queued until 600 s: 2,320 by 590 s.
    #expect(queued.allSatisfy { $0 <= 130 }, "timers queued at 60, 300, 590 s: \(queued)")
  }

  /// The engine keeps its timer when the next break and its instant are unchanged, instead of
  /// cancelling it and setting it again on every `timeupdate`: counted in timers set (the
  /// player's repeating `timeupdate` timer is set again at each repeat, once per `timeupdate`).
  @Test func aMidRollMinutesAheadIsArmedOnceNotPerTimeupdate() async throws {
    let server = try AdStreamServer()
    let source =
      #"{"sources": [{"src": "https://media.example/content.mp4", "type": "video/mp4"}], "ads": ["#
      + #"{"sources": "\#(server.base)/vast.xml", "timeOffset": 600}]}"#
    let (set, timeupdates, types) = try await onOwnThread {
      let run = try EngineRun(timeline: .vod(1500))
      run.player.setSource(try SourceDescription(jsonText: source))
      _ = run.player.run(until: 590)
      let set = run.player.loop.timersSet
      let timeupdates = run.log.entries.filter { $0.type == "timeupdate" }.count
      _ = run.player.run(until: 620)
      return (set, timeupdates, run.log.entries.map(\.type))
    }
    #expect(types.contains("adbreakbegin"))
    #expect(timeupdates > 2_000)
    // Before, one more timer per timeupdate: 2 × the timeupdates.
    #expect(Int(set) - timeupdates < 100, "\(set) timers set by 590 s for \(timeupdates) timeupdates")
  }
}
