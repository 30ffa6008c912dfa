import AdPlayer
import Foundation
import HTTPKit
import MediaFixtures
import MediaWriter
import PlaybackEngine
import PlayerSeam
import XCTest

/// Segments load in virtual time ahead of the playhead; failures are gaps; late ones make the
/// content wait (docs/media.md "Segments in virtual time").
final class SegmentPlaybackTests: XCTestCase {
  /// Ten 6-second segments, each with one ID3 tag 1 s into it (text `s<n>`).
  private func vod(count: Int = 10) -> [String: [UInt8]] { Stream.vod(count: count) }

  private func texts(_ harness: StreamHarness) -> [String] {
    harness.cues("id3").compactMap {
      if case .string(let text)? = $0.attributes["text"] { return text }
      return nil
    }
  }

  /// The buffer stays `forwardBuffer` ahead; a seek past it loads from the segment it lands in, so
  /// the cues of the segments it skipped never appear (as hls.js and Shaka deliver them).
  func testASeekLoadsFromWhereItLands() throws {
    var options = SegmentOptions()
    options.forwardBuffer = 12
    let harness = try StreamHarness(files: vod(), segments: options)
    harness.loop.after(1) { harness.player.seek(to: 40) }
    try harness.play("/media.m3u8")
    XCTAssertEqual(texts(harness), ["s0", "s1", "s2", "s6", "s7", "s8", "s9"])
    let s6 = try XCTUnwrap(harness.cues("id3").first { $0.attributes["text"] == .string("s6") })
    XCTAssertEqual(s6.startTime, 37, accuracy: 0.0005)
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  /// A live playlist joined mid-stream (media sequence 100, timestamps about to pass 2^33): the
  /// window's first segment is content time 0 and the tags keep their distances across the wrap.
  func testALiveJoinAcrossThePTSWrap() throws {
    let wrap = Double(1 << 33) / 90_000
    let base = wrap - 8
    var files: [String: [UInt8]] = [:]
    for index in 0..<3 {
      let start = base + Double(index) * 6
      files["/l\(index).ts"] = Stream.ts(
        start: start, duration: 6, id3: [(start + 2, Stream.txxx("l\(index)"))])
    }
    files["/live.m3u8"] = Stream.playlist(
      Stream.entries(["l0.ts", "l1.ts", "l2.ts"]), sequence: 100, ended: false)
    let harness = try StreamHarness(files: files)
    try harness.play("/live.m3u8", until: 10)
    let times = harness.cues("id3").map(\.startTime)
    XCTAssertEqual(times.count, 3)
    for (time, expected) in zip(times, [2.0, 8, 14]) { XCTAssertEqual(time, expected, accuracy: 0.0005) }
    XCTAssertEqual(harness.cues("id3").first?.id, "id3-100-1")
  }

  /// A segment the server does not have (404, not retried, as in hls.js) is a `segmenterror`
  /// naming its URL, played over as a gap; the next segment's cue still fires and the content ends.
  func testAMissingSegmentIsAGapAndPlaybackGoesOn() throws {
    var files = vod(count: 3)
    files["/s1.ts"] = nil
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    let errors = harness.entries(.segmenterror)
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors.first?.fields["url"], .string(harness.server.url("/s1.ts").absoluteString))
    XCTAssertEqual(errors.first?.fields["attempts"], .number(1))
    XCTAssertEqual(texts(harness), ["s0", "s2"])
    XCTAssertEqual(harness.entries(.cue).count, 2)
    XCTAssertEqual(harness.entries(.ended).first.map { Double($0.micros) / 1e6 }, 18)
    XCTAssertTrue(harness.entries(.waiting).isEmpty)
  }

  /// A stream whose segments all fail (the hostile corpus's 10,000 one-second segments took
  /// minutes, one `segmenterror` each): after `maxFailuresInWindow` failures in the window segment
  /// loading stops with one `segments-abandoned` entry, and the playlist's timeline plays to its
  /// end without waiting.
  func testSegmentsThatAllFailAreAbandonedAndThePlaylistPlaysOn() throws {
    var files = vod(count: 30)
    for index in 0..<30 { files["/s\(index).ts"] = nil }
    var options = SegmentOptions()
    options.maxFailuresInWindow = 4
    let harness = try StreamHarness(files: files, segments: options)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.entries(.segmenterror).count, 4)
    let abandoned = harness.entries(.segmentsAbandoned)
    XCTAssertEqual(abandoned.count, 1)
    XCTAssertEqual(abandoned.first?.fields["url"], .string(harness.server.url("/s3.ts").absoluteString))
    XCTAssertEqual(harness.entries(.ended).first.map { Double($0.micros) / 1e6 }, 180)
    XCTAssertTrue(harness.entries(.waiting).isEmpty)
  }

  /// Failures count in a window of the last segments: 4 of the last 4 (4 in a row) abandons,
  /// and a loaded segment between failures keeps the window below that.
  func testALoadedSegmentStartsTheFailureCountAgain() throws {
    var files = vod(count: 9)
    for index in [0, 1, 2, 4, 5, 6, 8] { files["/s\(index).ts"] = nil }
    var options = SegmentOptions()
    options.maxFailuresInWindow = 4
    options.failureWindow = 4
    let harness = try StreamHarness(files: files, segments: options)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.entries(.segmenterror).count, 7)
    XCTAssertTrue(harness.entries(.segmentsAbandoned).isEmpty)
    XCTAssertEqual(texts(harness), ["s3", "s7"])
  }

  /// A segment delayed 4 s by an injected fault, requested 3 s ahead (`forwardBuffer` 3), arrives
  /// after the buffer ran dry: the content waits at 6 s (`waiting`, content time flat) until it
  /// arrives at 7.25 s (`playing`), in virtual time; the run ends 1.25 s late.
  func testALateSegmentMakesTheContentWait() throws {
    let plan = FaultPlan(rules: [FaultRule(url: "*/s1.ts", kind: .segment, fault: .delay(4))])
    var options = SegmentOptions()
    options.forwardBuffer = 3
    let harness = try StreamHarness(files: vod(count: 3), faults: plan, segments: options)
    try harness.play("/media.m3u8")
    let waiting = try XCTUnwrap(harness.entries(.waiting).first)
    XCTAssertEqual(waiting.micros, 6_000_000)
    XCTAssertEqual(waiting.fields["currentTime"], .number(6))
    let resumed = try XCTUnwrap(harness.entries(.playing).last)
    XCTAssertEqual(resumed.micros, 7_250_000)
    XCTAssertEqual(resumed.fields["currentTime"], .number(6))
    let updates = harness.entries(.timeupdate).filter { $0.micros > 6_000_000 && $0.micros < 7_250_000 }
    XCTAssertTrue(updates.isEmpty, "no time passes in the content while it waits")
    XCTAssertEqual(harness.entries(.ended).first.map { Double($0.micros) / 1e6 }, 19.25)
    XCTAssertEqual(harness.entries(.fault).count, 1)
    XCTAssertEqual(
      harness.entries(.cue).last?.micros, 14_250_000, "the cue at content 13 s fires 1.25 s late")
    XCTAssertTrue(harness.entries(.segmenterror).isEmpty)
  }

  /// A segment whose every try times out (a 20 s delay past the 5 s timeout) is tried 5 times
  /// (4 retries at once, as hls.js's `timeoutRetry`), the content waiting meanwhile; then it is a
  /// gap and playback goes on from where it waited.
  func testASegmentThatKeepsTimingOutIsAGapAfterItsRetries() throws {
    let plan = FaultPlan(rules: [FaultRule(url: "*/s1.ts", kind: .segment, fault: .delay(20))])
    let harness = try StreamHarness(files: vod(count: 3), faults: plan)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.entries(.waiting).first?.micros, 6_000_000)
    XCTAssertEqual(harness.entries(.fault).count, 5)
    let error = try XCTUnwrap(harness.entries(.segmenterror).first)
    XCTAssertEqual(error.micros, 25_000_000)
    XCTAssertEqual(error.fields["attempts"], .number(5))
    let resumed = try XCTUnwrap(harness.entries(.playing).last)
    XCTAssertEqual(resumed.micros, 25_000_000)
    XCTAssertEqual(resumed.fields["currentTime"], .number(6))
    XCTAssertEqual(harness.entries(.ended).first.map { Double($0.micros) / 1e6 }, 37)
    XCTAssertEqual(texts(harness), ["s0", "s2"])
  }

  /// A server error is retried (hls.js's delays: 1, 2, 4, … s); the segment that loads on the
  /// third try counts its attempts.
  func testAServerErrorIsRetried() throws {
    let plan = FaultPlan(rules: [FaultRule(url: "*/s0.ts", kind: .segment, fault: .status(503), first: 2)])
    let harness = try StreamHarness(files: vod(count: 1), faults: plan)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.entries(.segment).first?.fields["attempts"], .number(3))
    XCTAssertEqual(harness.entries(.playing).last.map { $0.micros }, 3_000_000, "waited 1 + 2 s")
    XCTAssertEqual(texts(harness), ["s0"])
  }

  /// An init segment that fails (a fault of kind `init-segment`) makes its segment a gap naming
  /// the init segment's URL.
  func testAFailedInitSegmentIsAGap() throws {
    let files: [String: [UInt8]] = [
      "/init.mp4": CMAFWriter.initSegment(timescale: 1000),
      "/a.m4s": CMAFWriter.mediaSegment(emsgs: [], decodeTime: 0, sampleDuration: 1000, samples: 6),
      "/media.m3u8": Stream.playlist(["#EXT-X-MAP:URI=\"init.mp4\""] + Stream.entries(["a.m4s"])),
    ]
    let plan = FaultPlan(rules: [FaultRule(kind: .initSegment, fault: .status(404))])
    let harness = try StreamHarness(files: files, faults: plan)
    try harness.play("/media.m3u8")
    let message = harness.entries(.segmenterror).first?.fields["message"]
    guard case .string(let text)? = message else { return XCTFail("expected a segmenterror") }
    XCTAssertTrue(text.contains("init.mp4"), text)
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  /// Every hostile media input, served as a segment: a `segmenterror` that says the segment
  /// cannot be read (or a segment read with what it holds), never a crash or a hang; the
  /// content plays to its end.
  func testHostileSegmentsEndInAClearErrorAndPlaybackGoesOn() throws {
    for (name, bytes) in HostileMedia.inputs() {
      let files: [String: [UInt8]] = [
        "/bad.ts": bytes, "/media.m3u8": Stream.playlist(Stream.entries(["bad.ts"])),
      ]
      let harness = try StreamHarness(files: files)
      let outcome = try harness.play("/media.m3u8")
      XCTAssertEqual(outcome.kind, .idle, "\(name): \(outcome.reason)")
      XCTAssertEqual(harness.entries(.ended).count, 1, name)
      for entry in harness.entries(.segmenterror) {
        guard case .string(let text)? = entry.fields["message"] else { return XCTFail(name) }
        XCTAssertTrue(text.contains("/bad.ts: the segment cannot be read:"), "\(name): \(text)")
      }
    }
  }

  /// A segment larger than the segments' body cap fails clearly (a gap), not the run.
  func testASegmentPastTheBodyCapIsAGap() throws {
    var options = SegmentOptions()
    options.maxBodyBytes = 1000
    let harness = try StreamHarness(files: vod(count: 1), segments: options)
    try harness.play("/media.m3u8")
    guard case .string(let text)? = harness.entries(.segmenterror).first?.fields["message"] else {
      return XCTFail("expected a segmenterror")
    }
    XCTAssertTrue(text.contains("larger than 1000 bytes"), text)
  }

  /// A variant picked by bandwidth: the highest at most the limit.
  func testAVariantPickedByBandwidth() throws {
    var files = vod(count: 1)
    files["/master.m3u8"] = Array(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=800000
      low.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2000000
      media.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=6000000
      high.m3u8

      """.utf8)
    var options = SegmentOptions()
    options.variant = .bandwidth(3_000_000)
    let harness = try StreamHarness(files: files, segments: options)
    try harness.play("/master.m3u8")
    XCTAssertEqual(texts(harness), ["s0"])
    XCTAssertTrue(harness.entries(.error).isEmpty)
  }

  /// A recording made without segments, replayed offline with segments on: said once
  /// (`segments-unrecorded`), then the playlist plays alone: no `offline-unmatched` entry, and the
  /// recording lists no unanswered request (which would fail an `--offline` run).
  func testAReplayOfARecordingWithoutSegmentsPlaysThePlaylistOnly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "segments-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try RecordingTransport(folder: folder)
    let recording = try StreamHarness(files: vod(count: 2), segments: nil, transport: recorder)
    try recording.play("/media.m3u8")
    recorder.finish()
    let url = recording.server.url("/media.m3u8").absoluteString

    let offline = try OfflineTransport(folder: folder)
    let replay = try StreamHarness(files: [:], transport: offline)
    replay.player.autoplay = true
    replay.player.setSource(try SourceDescription(jsonText: #"{"sources": {"src": "\#(url)"}}"#))
    replay.loop.run(until: 600)
    XCTAssertEqual(replay.entries(.segmentsUnrecorded).count, 1)
    XCTAssertTrue(replay.entries(.offlineUnmatched).isEmpty)
    XCTAssertTrue(offline.unmatched.isEmpty, "\(offline.unmatched)")
    XCTAssertTrue(replay.entries(.segment).isEmpty)
    XCTAssertEqual(replay.entries(.ended).first.map { Double($0.micros) / 1e6 }, 12)
  }
}

/// Content that is no HLS playlist has no segments to wait for.
final class NonPlaylistContentTests: XCTestCase {
  /// A source that is no playlist (its timeline the run's) plays to its end with segment loading
  /// on: with no segments to load the loader stays out of the way (it made such content wait at
  /// 0 for ever).
  func testContentWithoutAPlaylistNeverWaits() throws {
    let harness = try StreamHarness(files: [:], defaultTimeline: .vod(10))
    harness.player.autoplay = true
    harness.player.setSource(
      try SourceDescription(jsonText: #"{"sources": {"src": "https://cdn.example/movie.mp4"}}"#))
    harness.loop.run(until: 60)
    XCTAssertTrue(harness.entries(.waiting).isEmpty)
    XCTAssertEqual(harness.entries(.ended).first?.micros, 10_000_000)
  }
}
