import AdPlayer
import Foundation
import HTTPTestSupport
import PlayerSeam
import Testing

@testable import PlaybackEngine

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
      return (queued, run.log.entries.map(\.kind.rawValue))
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
      let timeupdates = run.log.entries.filter { $0.kind == .timeupdate }.count
      _ = run.player.run(until: 620)
      return (set, timeupdates, run.log.entries.map(\.kind.rawValue))
    }
    #expect(types.contains("adbreakbegin"))
    #expect(timeupdates > 2_000)
    // Before, one more timer per timeupdate: 2 × the timeupdates.
    #expect(Int(set) - timeupdates < 100, "\(set) timers set by 590 s for \(timeupdates) timeupdates")
  }

  /// Where the playhead is among the breaks is known between `timeupdate`s: a `timeupdate`
  /// before the soonest break looks at no break, however many the schedule has. Counted in breaks
  /// examined (`ClientSideSchedule.breaksExamined`), from 60 s to 590 s of a VMAP schedule of
  /// `count` breaks from 600 s on.
  func breaksExamined(_ count: Int) async throws -> (examined: Int, timeupdates: Int, types: [String]) {
    let server = try AdStreamServer()
    let base = server.base
    let breaks = (0..<count).map { index in
      #"<vmap:AdBreak timeOffset="\#(Self.clock(600 + index * 2))" breakType="linear" breakId="b\#(index)">"#
        + #"<vmap:AdSource id="s\#(index)"><vmap:AdTagURI templateType="vast4"><![CDATA[\#(base)/vast.xml]]>"#
        + "</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>"
    }
    let vmap =
      #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">"#
      + breaks.joined() + "</vmap:VMAP>"
    server.server.route("/schedule.xml") { _ in .text(vmap, type: "application/xml") }
    let source =
      #"{"sources": [{"src": "https://media.example/content.mp4", "type": "video/mp4"}], "ads": ["#
      + #"{"sources": {"src": "\#(base)/schedule.xml", "type": "vmap"}}]}"#
    return try await onOwnThread {
      let run = try EngineRun(timeline: .vod(1500))
      run.player.setSource(try SourceDescription(jsonText: source))
      _ = run.player.run(until: 60)
      let schedule = try #require(run.engine.clientSideAds?.engine?.schedule)
      let before = schedule.breaksExamined
      let timeupdatesBefore = run.log.entries.filter { $0.kind == .timeupdate }.count
      _ = run.player.run(until: 590)
      let examined = schedule.breaksExamined - before
      let timeupdates = run.log.entries.filter { $0.kind == .timeupdate }.count - timeupdatesBefore
      _ = run.player.run(until: 620)
      return (examined, timeupdates, run.log.entries.map(\.kind.rawValue))
    }
  }

  /// `HH:MM:SS` of whole seconds.
  static func clock(_ seconds: Int) -> String {
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
  }

  @Test func aTimeupdateBeforeTheSoonestBreakExaminesNoBreak() async throws {
    let (examined, timeupdates, types) = try await breaksExamined(200)
    // The first break still plays at 600 s.
    #expect(types.contains("adbreakbegin"))
    #expect(timeupdates > 2_000)
    // Before, two passes over every break per timeupdate: 2 × 200 × 2,120 = 848,000.
    #expect(examined <= 2 * 200, "\(examined) breaks examined for \(timeupdates) timeupdates")
  }
}
