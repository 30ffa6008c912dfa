import AdCheck
import AdPlayer
import Foundation
import HTTPKit
import MediaKit
import MediaWriter
import PlaybackEngine
import PlayerSeam
import XCTest

/// DASH segments under injected faults, and a `SegmentBase` Representation (docs/media.md "DASH
/// segments"): the loader behaves as for HLS.
final class DASHSegmentFaultTests: XCTestCase {
  /// A DASH segment delayed 4 s by a fault plan (rule kind `segment`), requested 3 s ahead: the
  /// content waits at 6 s until it arrives at 7.25 s, and its `emsg` cue at 7.5 s fires 1.25 s late.
  func testALateSegmentMakesTheContentWait() throws {
    let plan = FaultPlan(rules: [FaultRule(url: "*/low/seg-002.m4s", kind: .segment, fault: .delay(4))])
    var options = SegmentOptions()
    options.forwardBuffer = 3
    let harness = try StreamHarness(files: DASHSegmentTests.numberStream(), faults: plan, segments: options)
    try harness.play("/n.mpd")
    let waiting = try XCTUnwrap(harness.entries(.waiting).first)
    XCTAssertEqual(waiting.micros, 6_000_000)
    let resumed = try XCTUnwrap(harness.entries(.playing).last)
    XCTAssertEqual(resumed.micros, 7_250_000)
    XCTAssertEqual(resumed.fields["currentTime"], .number(6))
    XCTAssertEqual(harness.entries(.fault).count, 1)
    XCTAssertEqual(harness.entries(.ended).first.map { Double($0.micros) / 1e6 }, 19.25)
    let cue = try XCTUnwrap(harness.cues("emsg").first)
    let fired = harness.entries(.cue).filter {
      if case .object(let fields)? = $0.fields["cue"] { return fields["id"] == .string(cue.id) }
      return false
    }
    XCTAssertEqual(fired.map(\.micros), [8_750_000])
  }

  /// `SegmentBase`: the init segment is `Initialization@range` of the file (a `Range` request),
  /// the whole file the Period's one segment (`indexRange` not read); its `emsg` a cue.
  func testSegmentBaseLoadsTheFileAsOneSegment() throws {
    let initSegment = CMAFWriter.initSegment(timescale: DASHSegmentTests.scale)
    let media = DASHSegmentTests.segment(0, emsgs: [DASHSegmentTests.id3Message("whole", at: 2500, id: 1)])
    let file = initSegment + media
    let mpd = DASHSegmentTests.mpd(
      duration: 6,
      [
        """
        <Period><AdaptationSet mimeType="video/mp4"><Representation id="v" bandwidth="1">
        <BaseURL>whole.mp4</BaseURL><SegmentBase indexRange="\(initSegment.count)-\(initSegment.count + 99)">
        <Initialization range="0-\(initSegment.count - 1)"/></SegmentBase></Representation></AdaptationSet></Period>
        """
      ])
    let harness = try StreamHarness(files: ["/b.mpd": mpd, "/whole.mp4": file])
    try harness.play("/b.mpd")
    let initEntry = try XCTUnwrap(harness.entries(.initSegment).first)
    XCTAssertEqual(initEntry.fields["range"], .string("bytes=0-\(initSegment.count - 1)"))
    XCTAssertEqual(initEntry.fields["status"], .number(206))
    let segments = harness.entries(.segment)
    XCTAssertEqual(segments.count, 1)
    XCTAssertNil(segments.first?.fields["range"])
    XCTAssertEqual(segments.first?.fields["bytes"], .number(Double(file.count)))
    XCTAssertEqual(segments.first?.fields["endTime"], .number(6))
    XCTAssertEqual(harness.cues("emsg").first?.startTime ?? -1, 2.5, accuracy: 0.0005)
    XCTAssertEqual(StrictRules.check(harness.log.entries).map(\.description), [])
  }
}
