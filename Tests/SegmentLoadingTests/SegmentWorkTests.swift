import AdPlayer
import Foundation
import HTTPKit
import PlaybackEngine
import PlayerSeam
import XCTest

/// Segment loading is linear (issue 37, R03): a segment's cues are merged without re-indexing
/// every cue known so far, and the scheduler keeps its place in the segment list. The work is
/// counted, not timed: a stream three times as long costs three times as much (within the
/// start's fixed costs: at most 3.3 times; the old walks cost about 9 times).
final class SegmentWorkTests: XCTestCase {
  /// The cue-index operations and segments examined of playing `count` one-second segments with
  /// two ID3 tags each, to the end, with `backBuffer`.
  private func work(count: Int, backBuffer: Double) throws -> (cues: Int, segments: Int) {
    var files: [String: [UInt8]] = [:]
    for index in 0..<count {
      let start = 10 + Double(index)
      files["/s\(index).ts"] = Stream.ts(
        start: start, duration: 1,
        id3: [(start + 0.25, Stream.txxx("a\(index)")), (start + 0.5, Stream.txxx("b\(index)"))])
    }
    files["/media.m3u8"] = Stream.playlist(
      Stream.entries((0..<count).map { "s\($0).ts" }, duration: 1), target: 1)
    var options = SegmentOptions()
    options.backBuffer = backBuffer
    options.forwardBuffer = 2
    let harness = try StreamHarness(files: files, segments: options)
    try harness.play("/media.m3u8", until: Double(count) + 60)
    XCTAssertEqual(harness.entries(.segment).count, count)
    XCTAssertEqual(harness.entries(.cue).count, 2 * count)
    XCTAssertEqual(harness.entries(.ended).count, 1)
    return (harness.player.cueIndexOperations, harness.engine?.segmentsExamined ?? 0)
  }

  func testTriplingTheStreamTriplesTheWork() throws {
    // Every segment lets the previous ones go (0), or none is let go.
    for backBuffer in [0.0, 86_400] {
      let once = try work(count: 60, backBuffer: backBuffer)
      let thrice = try work(count: 180, backBuffer: backBuffer)
      XCTAssertGreaterThan(once.cues, 0)
      XCTAssertLessThanOrEqual(
        Double(thrice.cues), 3.3 * Double(once.cues),
        "cue index, back buffer \(backBuffer): \(once) → \(thrice)")
      XCTAssertLessThanOrEqual(
        Double(thrice.segments), 3.3 * Double(once.segments),
        "segments examined, back buffer \(backBuffer): \(once) → \(thrice)")
    }
  }
}
