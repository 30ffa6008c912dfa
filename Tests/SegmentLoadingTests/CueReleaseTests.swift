import AdPlayer
import Foundation
import HTTPKit
import LoopbackHTTP
import PlaybackEngine
import PlayerSeam
import Synchronization
import XCTest

/// In-band cues are released a back buffer behind the playhead (`removecue`), and a segment
/// loaded again after a seek back announces them anew, once per id (issue 37, R02).
final class CueReleaseTests: XCTestCase {
  private func vod(count: Int) -> [String: [UInt8]] { Stream.vod(count: count) }

  /// `addcue`, `removecue` and `cue` as the listeners saw them: "add id", "remove id", "cue id".
  private func listen(_ harness: StreamHarness) -> () -> [String] {
    var seen: [String] = []
    for (type, word) in [(EventType.addcue, "add"), (.removecue, "remove"), (.cue, "cue")] {
      harness.player.addEventListener(type) { event in seen.append("\(word) \(event.cue?.id ?? "?")") }
    }
    return { seen }
  }

  func testCuesFurtherThanTheBackBufferBehindThePlayheadAreReleased() throws {
    var options = SegmentOptions()
    options.forwardBuffer = 6
    options.backBuffer = 12
    let harness = try StreamHarness(files: vod(count: 10), segments: options)
    let seen = listen(harness)
    try harness.play("/media.m3u8")
    let removed = seen().filter { $0.hasPrefix("remove ") }
    // The last segment loads at 48 s: the segments before the one holding 36 s are let go.
    XCTAssertEqual(removed, (0..<6).map { "remove id3-\($0)-1" })
    XCTAssertEqual(harness.player.cues.map(\.id), (6..<10).map { "id3-\($0)-1" })
    XCTAssertEqual(harness.entries(.cue).count, 10, "every cue fired before it was released")
    for index in 0..<6 {
      let events = seen().filter { $0.hasSuffix(" id3-\(index)-1") }
      XCTAssertEqual(events, ["add", "cue", "remove"].map { "\($0) id3-\(index)-1" })
    }
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  func testASegmentLoadedAgainAfterASeekBackAnnouncesItsCuesAgainOncePerId() throws {
    var options = SegmentOptions()
    options.backBuffer = 6
    let harness = try StreamHarness(files: vod(count: 10), segments: options)
    let seen = listen(harness)
    harness.loop.after(40) { harness.player.seek(to: 2) }
    try harness.play("/media.m3u8")
    // Per id, announcements and releases alternate, starting with an announcement.
    for index in 0..<10 {
      let id = "id3-\(index)-1"
      let events = seen().filter { $0.hasSuffix(" \(id)") && !$0.hasPrefix("cue ") }
      for (position, event) in events.enumerated() {
        XCTAssertEqual(event, "\(position % 2 == 0 ? "add" : "remove") \(id)", "\(events)")
      }
    }
    // The first segments were released before the seek back and announced again after it; the
    // last ones were held all along and announced once.
    XCTAssertEqual(seen().filter { $0 == "add id3-0-1" }.count, 2)
    XCTAssertEqual(seen().filter { $0 == "add id3-9-1" }.count, 1)
    XCTAssertEqual(seen().filter { $0 == "cue id3-1-1" }.count, 2, "the cue fires again after the seek back")
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  /// The default back buffer keeps the cues of about the last 30 s: the last of twenty segments
  /// loads at 84 s, which lets go of the segments before the one holding 54 s.
  func testTheDefaultBackBufferHoldsThirtySecondsOfCues() throws {
    let harness = try StreamHarness(files: vod(count: 20))
    try harness.play("/media.m3u8")
    XCTAssertEqual(SegmentOptions().backBuffer, 30)
    let held = harness.player.cues.map(\.startTime)
    XCTAssertEqual(held.first ?? 0, 55, accuracy: 0.0005)
    XCTAssertEqual(harness.entries(.cue).count, 20)
  }

  /// A live window that slides one segment at each reload (every 6 s): the cues of the segments
  /// that left it are released once the playhead is past them, whatever the back buffer.
  func testCuesThatLeftTheLiveWindowBehindThePlayheadAreReleased() throws {
    var files: [String: [UInt8]] = [:]
    for index in 0..<12 {
      let start = 10 + Double(index) * 6
      files["/l\(index).ts"] = Stream.ts(
        start: start, duration: 6, id3: [(start + 1, Stream.txxx("l\(index)"))])
    }
    var options = SegmentOptions()
    options.backBuffer = 600
    let harness = try StreamHarness(files: files, segments: options)
    let loads = Mutex(0)
    harness.server.route("/live.m3u8") { _ in
      let first = loads.withLock { count in
        defer { count += 1 }
        return min(count, 9)
      }
      let window = Stream.entries((first..<(first + 3)).map { "l\($0).ts" })
      return LoopbackResponse(body: Data(Stream.playlist(window, sequence: first, ended: false)))
    }
    let seen = listen(harness)
    try harness.play("/live.m3u8", until: 40)
    let removed = seen().filter { $0.hasPrefix("remove ") }
    XCTAssertGreaterThanOrEqual(removed.count, 4, "\(seen())")
    XCTAssertEqual(removed, (0..<removed.count).map { "remove id3-\($0)-1" })
    for id in removed.map({ $0.dropFirst("remove ".count) }) {
      XCTAssertEqual(
        seen().filter { $0.hasSuffix(" \(id)") }, ["add", "cue", "remove"].map { "\($0) \(id)" })
    }
    XCTAssertLessThanOrEqual(harness.player.cues.count, 4)
  }
}
