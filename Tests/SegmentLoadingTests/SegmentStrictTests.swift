import AdCheck
import AdPlayer
import Foundation
import XCTest

/// The strict segment rules (docs/testing.md) over runs that load real segments from a loopback
/// server: a good stream breaks none; a missing segment, a segment shorter than its `EXTINF` and
/// timestamps that jump without `EXT-X-DISCONTINUITY` each break one, naming the segment's URL.
final class SegmentStrictTests: XCTestCase {
  /// Three 6-second segments whose video runs on from one to the next (90 kHz from 10 s); `shift`
  /// moves a segment's timestamps, `durations` its media's length.
  private func stream(
    durations: [Double] = [6, 6, 6], shift: [Int: Double] = [:], discontinuityBefore: Int? = nil
  ) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    var lines: [String] = []
    for (index, duration) in durations.enumerated() {
      let start = 10 + Double(index) * 6 + (shift[index] ?? 0)
      files["/s\(index).ts"] = Stream.ts(start: start, duration: duration)
      if index == discontinuityBefore { lines.append("#EXT-X-DISCONTINUITY") }
      lines += Stream.entries(["s\(index).ts"])
    }
    files["/media.m3u8"] = Stream.playlist(lines)
    return files
  }

  private func violations(_ files: [String: [UInt8]]) throws -> (StreamHarness, [RuleViolation]) {
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    return (harness, StrictRules.check(harness.log.entries))
  }

  func testAGoodStreamBreaksNoRuleAndItsSegmentsSayTheirMediaTimes() throws {
    let (harness, found) = try violations(stream())
    XCTAssertEqual(found.map(\.description), [])
    let segments = harness.entries(.segment)
    XCTAssertEqual(segments.count, 3)
    let second = try XCTUnwrap(segments.dropFirst().first)
    XCTAssertEqual(second.fields["sequence"], .number(1))
    XCTAssertEqual(try XCTUnwrap(second.fields["mediaStart"]?.numberValue), 16, accuracy: 0.0005)
    XCTAssertEqual(try XCTUnwrap(second.fields["mediaEnd"]?.numberValue), 21.96, accuracy: 0.0005)
    XCTAssertNil(second.fields["discontinuity"])
  }

  func testAMissingSegmentIsAViolationNamingItsURL() throws {
    var files = stream()
    files["/s1.ts"] = nil
    let (harness, found) = try violations(files)
    let url = harness.server.url("/s1.ts").absoluteString
    XCTAssertEqual(found.map(\.rule), [.segmentLoaded])
    XCTAssertTrue(found.first?.message.hasPrefix("segment \(url) failed: ") ?? false, "\(found)")
  }

  func testASegmentShorterThanItsEXTINFIsAViolation() throws {
    let (harness, found) = try violations(stream(durations: [6, 4, 6]))
    let url = harness.server.url("/s1.ts").absoluteString
    XCTAssertEqual(
      found.map(\.message), ["segment \(url): its media lasts 3.96 s, its EXTINF says 6 s (± 0.5 s)"])
    XCTAssertEqual(found.first?.rule, .segmentDuration)
  }

  func testTimestampsThatJumpWithoutADiscontinuityAreAViolation() throws {
    let (harness, found) = try violations(stream(shift: [2: 3]))
    let (s1, s2) = (harness.server.url("/s1.ts").absoluteString, harness.server.url("/s2.ts").absoluteString)
    XCTAssertEqual(
      found.map(\.message),
      [
        "segment \(s2): its timestamps start at 25 s, 3 s after where \(s1) leaves them (22 s), without EXT-X-DISCONTINUITY"
      ])
    XCTAssertEqual(found.first?.rule, .segmentTimestamps)
  }

  func testTimestampsThatJumpAtADiscontinuityBreakNoRule() throws {
    let (harness, found) = try violations(stream(shift: [2: 3], discontinuityBefore: 2))
    XCTAssertEqual(found.map(\.description), [])
    XCTAssertEqual(harness.entries(.segment).last?.fields["discontinuity"], .bool(true))
  }
}
