import AdCheck
import AdPlayer
import Foundation
import MediaFixtures
import MediaKit
import MediaWriter
import XCTest

/// What the media reader finds wrong in a loaded segment is a `segment-issue` entry after its
/// `segment` entry, naming the segment's URL and the byte offset (issue 37, R01), and breaks the
/// strict rule `segment-issue`; a clean stream logs none.
final class SegmentIssueLogTests: XCTestCase {
  private func play(_ segment: [UInt8], range: String? = nil) throws -> StreamHarness {
    var lines = ["#EXTINF:6.0,"]
    if let range { lines.append("#EXT-X-BYTERANGE:\(range)") }
    let harness = try StreamHarness(
      files: ["/media.m3u8": Stream.playlist(lines + ["s0.ts"]), "/s0.ts": segment])
    try harness.play("/media.m3u8")
    return harness
  }

  func testABadCRCAndALyingID3SizeAreLoggedWithTheURLAndOffset() throws {
    let (bytes, section, id3) = HostileSegments.badCRCAndLyingID3()
    let harness = try play(bytes)
    let url = harness.server.url("/s0.ts").absoluteString
    let issues = harness.entries(.segmentIssue)
    XCTAssertEqual(issues.count, 2)
    XCTAssertEqual(issues.map { $0.fields["url"] }, [.string(url), .string(url)])
    XCTAssertEqual(issues.first?.fields["offset"], .number(Double(section)))
    XCTAssertEqual(issues.first?.fields["kind"], .string("malformed"))
    XCTAssertEqual(
      issues.first?.fields["message"],
      .string("PID 259: the SCTE-35 section cannot be read: the section's CRC_32 does not match its bytes"))
    let offset = try XCTUnwrap(issues.last?.fields["offset"]?.numberValue)
    XCTAssertTrue((Double(id3)..<Double(id3 + 188)).contains(offset), "\(offset)")
    // Right after the segment's own entry, which brought no cue.
    let types = harness.log.entries.map(\.kind.rawValue).filter { $0.hasPrefix("segment") }
    XCTAssertEqual(types, ["segment", "segment-issue", "segment-issue"])
    XCTAssertNil(harness.entries(.segment).first?.fields["cues"])

    let found = StrictRules.check(harness.log.entries)
    XCTAssertEqual(found.map(\.rule), [.segmentIssue, .segmentIssue])
    XCTAssertEqual(
      found.first?.message,
      "segment \(url), byte \(section): PID 259: the SCTE-35 section cannot be read: the section's CRC_32 "
        + "does not match its bytes")
  }

  /// The offset is in the bytes loaded: a sub-range's, which the entry names.
  func testASubRangesIssueNamesItsRange() throws {
    let padding = [UInt8](repeating: 0, count: 100)
    let bytes = HostileSegments.badCRCAndLyingID3().bytes
    let harness = try play(padding + bytes, range: "\(bytes.count)@100")
    let issues = harness.entries(.segmentIssue)
    XCTAssertEqual(issues.count, 2)
    XCTAssertEqual(issues.first?.fields["range"], .string("bytes=100-\(99 + bytes.count)"))
  }

  func testUnsupportedContentIsToldOnceAndBreaksNoRule() throws {
    var ts = TSWriter()
    ts.video(pts: 10 * 90_000)
    ts.scte35(SCTE35Writer.command(0xFF, Array("CUEI".utf8)))
    ts.scte35(SCTE35Writer.command(0x00, []))
    ts.video(pts: 15 * 90_000 + 86_400)
    let harness = try StreamHarness(
      files: [
        "/media.m3u8": Stream.playlist(Stream.entries(["s0.ts", "s1.ts"])), "/s0.ts": ts.bytes,
        "/s1.ts": Stream.ts(start: 16, duration: 6),
      ])
    try harness.play("/media.m3u8")
    let issues = harness.entries(.segmentIssue)
    XCTAssertEqual(issues.count, 1)
    XCTAssertEqual(issues.first?.fields["kind"], .string("unsupported"))
    XCTAssertEqual(StrictRules.check(harness.log.entries).map(\.description), [])
  }

  /// A segment with 20 sections whose CRC_32 fails.
  private func badSections() -> [UInt8] {
    var ts = TSWriter()
    ts.video(pts: 10 * 90_000)
    var section = SCTE35Writer.spliceInsert(eventId: 1, ptsTime: 11 * 90_000, duration: nil)
    section[section.count - 1] ^= 1
    for _ in 0..<20 { ts.scte35(section) }
    ts.video(pts: 15 * 90_000 + 86_400)
    return ts.bytes
  }

  /// A source's entries stop at `SegmentIssueLog.perSource`, with one more saying so.
  func testASourcesEntriesAreBounded() throws {
    let names = (0..<70).map { "s\($0).ts" }
    var files = ["/media.m3u8": Stream.playlist(Stream.entries(names))]
    for name in names { files["/" + name] = badSections() }
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8", until: 1000)
    XCTAssertEqual(harness.entries(.segment).count, 70)
    let issues = harness.entries(.segmentIssue)
    XCTAssertEqual(issues.count, 501)
    XCTAssertEqual(
      issues.last?.fields["message"],
      .string("500 segment issues were logged for this source: the rest are not"))
  }

  /// A segment's issues beyond `SegmentIssueLog.perSegment` are counted in its last entry.
  func testASegmentsEntriesAreBounded() throws {
    let issues = try play(badSections()).entries(.segmentIssue)
    XCTAssertEqual(issues.count, 8)
    XCTAssertEqual(
      issues.last?.fields["message"]?.stringValue?.hasSuffix(
        "(and 12 more issues in this segment, not logged)"), true)
  }

  func testACleanStreamLogsNoIssue() throws {
    let harness = try play(Stream.ts(start: 10, duration: 6, id3: [(11, Stream.txxx("a"))]))
    XCTAssertEqual(harness.entries(.segmentIssue).count, 0)
    XCTAssertEqual(harness.entries(.segment).first?.fields["cues"], .number(1))
  }
}
