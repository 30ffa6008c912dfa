import AdCheck
import AdPlayer
import Foundation
import HTTPKit
import MediaKit
import MediaWriter
import PlaybackEngine
import PlayerSeam
import XCTest

/// DASH segments loaded from a loopback server as the player plays the MPD (docs/media.md "DASH
/// segments"): addressed by `SegmentTemplate` (`$Number$`, `$Time$` with a `SegmentTimeline`),
/// their `emsg` boxes cues at the MPD's content time, failures gaps, and recordings replayed.
final class DASHSegmentTests: XCTestCase {
  static let scale: UInt32 = 1000

  /// A static MPD of `periods` (each `<Period>`'s inside, given whole).
  static func mpd(duration: Int, _ periods: [String]) -> [UInt8] {
    Array(
      """
      <?xml version="1.0"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT\(duration)S">
      \(periods.joined(separator: "\n"))
      </MPD>
      """.utf8)
  }

  /// A CMAF segment of six one-second samples from `decodeTime` (ms) with `emsgs`.
  static func segment(_ decodeTime: UInt64, emsgs: [[UInt8]] = [], samples: Int = 6) -> [UInt8] {
    CMAFWriter.mediaSegment(emsgs: emsgs, decodeTime: decodeTime, sampleDuration: 1000, samples: samples)
  }

  static func id3Message(_ text: String, at time: UInt64, id: UInt32) -> [UInt8] {
    var tag = ID3Writer()
    tag.userText(description: "google", text)
    return CMAFWriter.emsg(
      version: 1, scheme: EventMessage.id3Scheme, timescale: scale, time: time, duration: 0, id: id,
      tag.bytes())
  }

  /// Three six-second segments by `$Number$` (a low and a high Representation), the second with
  /// an ID3 `emsg` at 7.5 s.
  static func numberStream() -> [String: [UInt8]] {
    let template = """
      <Period id="main"><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate media="$RepresentationID$/seg-$Number%03d$.m4s" initialization="$RepresentationID$/init.mp4"
        timescale="1000" duration="6000"/>
      <Representation id="low" bandwidth="1000000"/><Representation id="high" bandwidth="3000000"/>
      </AdaptationSet></Period>
      """
    var files: [String: [UInt8]] = ["/n.mpd": mpd(duration: 18, [template])]
    for name in ["low", "high"] {
      files["/\(name)/init.mp4"] = CMAFWriter.initSegment(timescale: scale)
      for index in 0..<3 {
        let emsgs = index == 1 ? [id3Message(name, at: 7500, id: 1)] : []
        files["/\(name)/seg-00\(index + 1).m4s"] = segment(UInt64(index) * 6000, emsgs: emsgs)
      }
    }
    return files
  }

  private func paths(_ harness: StreamHarness, _ kind: LogKind = .segment) -> [String] {
    harness.entries(kind).compactMap { $0.fields["url"]?.stringValue.flatMap { URL(string: $0)?.path } }
  }

  /// `$Number$` with a width format and `$RepresentationID$`: each segment loaded once, in order,
  /// at its place on the content timeline, the init segment once; the ID3 `emsg` a cue at 7.5 s.
  /// The first Representation plays unless `--max-bandwidth` picks another, as for HLS variants.
  func testNumberTemplate() throws {
    let harness = try StreamHarness(files: Self.numberStream())
    try harness.play("/n.mpd")
    XCTAssertEqual(paths(harness), ["/low/seg-001.m4s", "/low/seg-002.m4s", "/low/seg-003.m4s"])
    XCTAssertEqual(paths(harness, .initSegment), ["/low/init.mp4"])
    XCTAssertEqual(harness.entries(.segment).map { $0.fields["startTime"] }, [0, 6, 12].map { .number($0) })
    XCTAssertEqual(harness.entries(.segment).first?.fields["period"], .string("main"))
    let cue = try XCTUnwrap(harness.cues("emsg").first)
    XCTAssertEqual(cue.startTime, 7.5, accuracy: 0.0005)
    XCTAssertEqual(harness.entries(.ended).first?.micros, 18_000_000)
    XCTAssertEqual(StrictRules.check(harness.log.entries).map(\.description), [])

    var options = SegmentOptions()
    options.variant = .bandwidth(5_000_000)
    let high = try StreamHarness(files: Self.numberStream(), segments: options)
    try high.play("/n.mpd")
    XCTAssertEqual(paths(high).first, "/high/seg-001.m4s")

    options.variant = .index(2)
    let none = try StreamHarness(files: Self.numberStream(), segments: options)
    try none.play("/n.mpd")
    XCTAssertTrue(paths(none).isEmpty)
    XCTAssertEqual(
      none.entries(.mpdIssue).first?.fields["message"]?.stringValue,
      "line 3: Period main: the adaptation set has 2 Representations, none at the position asked (index(2)): "
        + "its segments are not loaded")
    XCTAssertEqual(none.entries(.ended).first?.micros, 18_000_000, "the MPD's timeline plays on")
  }

  /// `$Time$` with a `SegmentTimeline` (`@r`, an `S` without `@t`): the segments named by their
  /// media times, placed by them.
  func testTimeTemplateWithASegmentTimeline() throws {
    let period = """
      <Period><AdaptationSet><Representation id="v" bandwidth="1">
      <SegmentTemplate media="t$Time$.m4s" initialization="init.mp4" timescale="1000">
      <SegmentTimeline><S t="0" d="4000" r="1"/><S d="2000"/></SegmentTimeline></SegmentTemplate>
      </Representation></AdaptationSet></Period>
      """
    let files: [String: [UInt8]] = [
      "/t.mpd": Self.mpd(duration: 10, [period]), "/init.mp4": CMAFWriter.initSegment(timescale: Self.scale),
      "/t0.m4s": Self.segment(0, samples: 4), "/t4000.m4s": Self.segment(4000, samples: 4),
      "/t8000.m4s": Self.segment(8000, samples: 2),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/t.mpd")
    XCTAssertEqual(paths(harness), ["/t0.m4s", "/t4000.m4s", "/t8000.m4s"])
    XCTAssertEqual(harness.entries(.segment).map { $0.fields["startTime"] }, [0, 4, 8].map { .number($0) })
    XCTAssertEqual(harness.entries(.segment).map { $0.fields["endTime"] }, [4, 8, 10].map { .number($0) })
    XCTAssertTrue(harness.entries(.segmenterror).isEmpty)
    XCTAssertEqual(StrictRules.check(harness.log.entries).map(\.description), [])
  }

  /// Two Periods, each with a `presentationTimeOffset`: every `emsg` is at the Period's start plus
  /// (its media time − `presentationTimeOffset`) / timescale — not at the first segment's media
  /// start, which here is 0.2 s after the offset. The ID3 and SCTE-35 schemes decoded, and a
  /// scheme no `InbandEventStream` declares kept too.
  static func twoPeriodStream() -> [String: [UInt8]] {
    let first = """
      <Period id="content" duration="PT12S"><AdaptationSet mimeType="video/mp4">
      <InbandEventStream schemeIdUri="https://aomedia.org/emsg/ID3"/>
      <SegmentTemplate media="c-$Number$.m4s" initialization="init.mp4" timescale="1000" presentationTimeOffset="100000" duration="6000"/>
      <Representation id="v" bandwidth="1"/></AdaptationSet></Period>
      """
    let second = """
      <Period id="ad" duration="PT12S"><AdaptationSet mimeType="video/mp4">
      <InbandEventStream schemeIdUri="urn:scte:scte35:2013:bin"/>
      <SegmentTemplate media="ad-$Time$.m4s" initialization="init.mp4" timescale="1000" presentationTimeOffset="500000">
      <SegmentTimeline><S t="500000" d="6000" r="1"/></SegmentTimeline></SegmentTemplate>
      <Representation id="v" bandwidth="1"/></AdaptationSet></Period>
      """
    let signal = SCTE35Writer.spliceInsert(eventId: 42, ptsTime: nil, duration: 30 * 90_000)
    let scte35 = CMAFWriter.emsg(
      version: 0, scheme: EventMessage.scte35Scheme, timescale: scale, time: 2000, duration: 30_000, id: 2,
      signal)
    let other = CMAFWriter.emsg(
      version: 1, scheme: "urn:example:beacon", value: "x", timescale: scale, time: 503_000, duration: 0,
      id: 3,
      Array("hello".utf8))
    return [
      "/two.mpd": mpd(duration: 24, [first, second]), "/init.mp4": CMAFWriter.initSegment(timescale: scale),
      "/c-1.m4s": CMAFWriter.mediaSegment(
        emsgs: [id3Message("content-id", at: 101_500, id: 1)], decodeTime: 100_200, sampleDuration: 1000,
        samples: 6),
      "/c-2.m4s": segment(106_000), "/ad-500000.m4s": segment(500_000, emsgs: [other]),
      "/ad-506000.m4s": segment(506_000, emsgs: [scte35]),
    ]
  }

  private func assertTwoPeriodCues(
    _ harness: StreamHarness, file: StaticString = #filePath, line: UInt = #line
  ) {
    let cues = harness.cues("emsg")
    XCTAssertEqual(
      cues.map(\.cueClass), [EventMessage.id3Scheme, "urn:example:beacon", EventMessage.scte35Scheme],
      file: file, line: line)
    let starts = cues.map(\.startTime)
    for (start, expected) in zip(starts, [1.5, 15, 20]) {
      XCTAssertEqual(start, expected, accuracy: 0.0005, file: file, line: line)
    }
    XCTAssertEqual(cues.last?.endTime ?? -1, 50, accuracy: 0.0005, file: file, line: line)
    XCTAssertEqual(cues.last?.attributes["spliceEventId"], .number(42), file: file, line: line)
    let ids = Set(cues.map(\.id))
    let fired = harness.entries(.cue).filter {
      if case .object(let cue)? = $0.fields["cue"], case .string(let id)? = cue["id"] {
        return ids.contains(id)
      }
      return false
    }
    XCTAssertEqual(fired.map { Double($0.micros) / 1e6 }, [1.5, 15, 20], file: file, line: line)
  }

  func testEmsgCuesAtTheMPDsContentTimeAcrossTwoPeriods() throws {
    let harness = try StreamHarness(files: Self.twoPeriodStream())
    try harness.play("/two.mpd")
    XCTAssertEqual(paths(harness), ["/c-1.m4s", "/c-2.m4s", "/ad-500000.m4s", "/ad-506000.m4s"])
    XCTAssertEqual(
      harness.entries(.segment).map { $0.fields["discontinuity"] }, [nil, nil, .bool(true), nil])
    assertTwoPeriodCues(harness)
    XCTAssertEqual(harness.cues("period").count, 2, "the MPD's cues stay beside the in-band ones")
    XCTAssertTrue(harness.entries(.segmenterror).isEmpty)
  }

  /// A DASH segment the server does not have is a `segmenterror` naming its URL and a gap: the
  /// content plays on, the next segment loads, and the strict rules report it.
  func testAMissingSegmentIsAGap() throws {
    var files = Self.numberStream()
    files["/low/seg-002.m4s"] = nil
    let harness = try StreamHarness(files: files)
    try harness.play("/n.mpd")
    let error = try XCTUnwrap(harness.entries(.segmenterror).first)
    XCTAssertEqual(error.fields["url"]?.stringValue.flatMap { URL(string: $0)?.path }, "/low/seg-002.m4s")
    XCTAssertEqual(error.fields["startTime"], .number(6))
    XCTAssertEqual(error.fields["endTime"], .number(12))
    XCTAssertEqual(paths(harness), ["/low/seg-001.m4s", "/low/seg-003.m4s"])
    XCTAssertEqual(harness.entries(.ended).first?.micros, 18_000_000)
    XCTAssertEqual(StrictRules.check(harness.log.entries).map(\.rule), [.segmentLoaded])
  }

  /// A segment whose media lasts 4 s where the MPD says 6 breaks `segment-duration`, and the
  /// message says the MPD gave the duration.
  func testASegmentShorterThanTheMPDSaysBreaksSegmentDuration() throws {
    var files = Self.numberStream()
    files["/low/seg-002.m4s"] = Self.segment(6000, samples: 4)
    let harness = try StreamHarness(files: files)
    try harness.play("/n.mpd")
    let found = StrictRules.check(harness.log.entries)
    XCTAssertEqual(found.map(\.rule), [.segmentDuration])
    XCTAssertTrue(
      found.first?.description.contains("its media lasts 4 s, the MPD says 6 s") == true, "\(found)")
  }

  /// A run recorded with segments (trimmed: `mdat` emptied) replays offline to the same cues.
  func testAnOfflineReplayOfTheTrimmedRecordingGivesTheSameCues() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dash-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try RecordingTransport(folder: folder)
    let recording = try StreamHarness(files: Self.twoPeriodStream(), transport: recorder)
    try recording.play("/two.mpd")
    recorder.finish()
    let url = recording.server.url("/two.mpd").absoluteString

    let offline = try OfflineTransport(folder: folder)
    let replay = try StreamHarness(files: [:], transport: offline)
    replay.player.autoplay = true
    replay.player.setSource(try SourceDescription(jsonText: #"{"sources": {"src": "\#(url)"}}"#))
    replay.loop.run(until: 600)
    assertTwoPeriodCues(replay)
    XCTAssertEqual(replay.cues("emsg"), recording.cues("emsg"))
    XCTAssertTrue(offline.unmatched.isEmpty, "\(offline.unmatched)")
    let recordedBytes = recording.entries(.segment).compactMap { $0.fields["bytes"]?.numberValue }
    let replayedBytes = replay.entries(.segment).compactMap { $0.fields["bytes"]?.numberValue }
    XCTAssertEqual(replayedBytes.count, 4)
    for (replayed, recorded) in zip(replayedBytes, recordedBytes) {
      XCTAssertLessThan(replayed, recorded - 3000, "the recording keeps the segment trimmed")
    }
  }

  /// A live MPD (30 s after `availabilityStartTime`, 12 s behind the edge, reloaded every 2 s,
  /// six-second segments by `$Number$` in an open Period): the run joins at presentation 18 s and
  /// loads from the segment holding it (number 4), then each segment as it becomes available (its
  /// end reached by the wall clock), never waiting; its `emsg` cues at presentation − 18 s.
  func testALiveMPDLoadsFromTheJoinPointAsSegmentsBecomeAvailable() throws {
    let live = """
      <?xml version="1.0"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="dynamic" availabilityStartTime="2027-01-15T07:59:30Z"
        minimumUpdatePeriod="PT2S" suggestedPresentationDelay="PT12S">
      <Period id="live" start="PT0S"><AdaptationSet mimeType="video/mp4">
      <SegmentTemplate media="live-$Number$.m4s" initialization="init.mp4" timescale="1000" duration="6000"/>
      <Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>
      """
    var files: [String: [UInt8]] = [
      "/live.mpd": Array(live.utf8), "/init.mp4": CMAFWriter.initSegment(timescale: Self.scale),
    ]
    for number in 1...10 {
      let start = UInt64(number - 1) * 6000
      let emsgs = number == 5 || number == 6 ? [Self.id3Message("n\(number)", at: start + 3500, id: 1)] : []
      files["/live-\(number).m4s"] = Self.segment(start, emsgs: emsgs)
    }
    let harness = try StreamHarness(files: files)
    try harness.play("/live.mpd", until: 20)
    XCTAssertEqual(paths(harness), (4...8).map { "/live-\($0).m4s" })
    XCTAssertEqual(harness.entries(.segment).first?.fields["startTime"], .number(0))
    // Each loaded once the wall clock reached its end: number n ends at presentation 6n s, run time 6n − 30.
    XCTAssertEqual(harness.entries(.segment).map { Double($0.micros) / 1e6 }, [0, 0, 6, 12, 18])
    let starts = harness.cues("emsg").map(\.startTime)
    XCTAssertEqual(starts.count, 2)
    for (start, expected) in zip(starts, [9.5, 15.5]) { XCTAssertEqual(start, expected, accuracy: 0.0005) }
    XCTAssertTrue(harness.entries(.waiting).isEmpty)
    XCTAssertTrue(harness.entries(.segmenterror).isEmpty)
  }
}
