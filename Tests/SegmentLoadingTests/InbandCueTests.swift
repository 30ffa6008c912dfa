import AdPlayer
import HTTPKit
import MediaKit
import MediaWriter
import PlaybackEngine
import PlayerSeam
import XCTest

/// In-band timed metadata becomes cues at its exact content time (docs/media.md).
final class InbandCueTests: XCTestCase {
  /// The headline of issue 22: an HLS stream whose tracking ids exist only as timed ID3 inside
  /// its TS segments gives one cue per id at its tag's content time, to the millisecond, and the
  /// `cue` event fires at that time.
  func testIdsOnlyInTimedID3GiveOneCuePerIdAtTheTagsContentTime() throws {
    let base = 10.0
    let tags: [(content: Double, id: String)] = [
      (2.345, "google_1"), (7.5, "google_2"), (13.001, "google_3"),
    ]
    var files: [String: [UInt8]] = [:]
    for index in 0..<3 {
      let start = Double(index) * 6
      let inside = tags.filter { $0.content >= start && $0.content < start + 6 }
      files["/seg\(index).ts"] = Stream.ts(
        start: base + start, duration: 6, id3: inside.map { (base + $0.content, Stream.txxx($0.id)) })
    }
    files["/media.m3u8"] = Stream.playlist(Stream.entries(["seg0.ts", "seg1.ts", "seg2.ts"]))
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")

    let cues = harness.cues("id3")
    XCTAssertEqual(cues.map { $0.attributes["text"] }, tags.map { .string($0.id) })
    for (cue, tag) in zip(cues, tags) {
      XCTAssertEqual(cue.startTime, tag.content, accuracy: 0.0005, cue.id)
      XCTAssertEqual(cue.attributes["id"], .string("TXXX"))
      XCTAssertEqual(cue.attributes["description"], .string("google"))
    }
    let fired = harness.entries(.cue)
    XCTAssertEqual(fired.count, 3)
    for (entry, tag) in zip(fired, tags) {
      XCTAssertEqual(Double(entry.micros) / 1e6, tag.content, accuracy: 0.0005)
    }
    XCTAssertEqual(harness.addedCues.map(\.id), cues.map(\.id))
    XCTAssertEqual(harness.metadataLoads, 1)
    XCTAssertEqual(harness.entries(.segment).count, 3)
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  /// `emsg` boxes in fMP4 segments with an `#EXT-X-MAP`: v1 (absolute time) with an ID3
  /// message, v0 (relative to `tfdt`) with SCTE-35; the init segment gives the timescale.
  func testEmsgInFMP4() throws {
    let scale: UInt32 = 1000
    var id3 = ID3Writer()
    id3.text("YMID", "media-7")
    let first = CMAFWriter.mediaSegment(
      emsgs: [
        CMAFWriter.emsg(
          version: 1, scheme: EventMessage.id3Scheme, timescale: scale, time: 11_500, duration: 0, id: 1,
          id3.bytes())
      ], decodeTime: 10_000, sampleDuration: 1000, samples: 6)
    let signal = SCTE35Writer.spliceInsert(eventId: 42, ptsTime: nil, duration: 30 * 90_000)
    let second = CMAFWriter.mediaSegment(
      emsgs: [
        CMAFWriter.emsg(
          version: 0, scheme: EventMessage.scte35Scheme, timescale: scale, time: 3000, duration: 30_000,
          id: 2,
          signal)
      ], decodeTime: 16_000, sampleDuration: 1000, samples: 6)
    let files: [String: [UInt8]] = [
      "/init.mp4": CMAFWriter.initSegment(timescale: scale), "/a.m4s": first, "/b.m4s": second,
      "/media.m3u8": Stream.playlist(["#EXT-X-MAP:URI=\"init.mp4\""] + Stream.entries(["a.m4s", "b.m4s"])),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")

    let cues = harness.cues("emsg")
    XCTAssertEqual(cues.count, 2)
    XCTAssertEqual(cues.first?.startTime ?? -1, 1.5, accuracy: 0.0005)
    XCTAssertEqual(cues.first?.attributes["schemeIdUri"], .string(EventMessage.id3Scheme))
    guard case .array(let frames)? = cues.first?.attributes["frames"], case .object(let frame)? = frames.first
    else { return XCTFail("expected the ID3 frames of the message") }
    XCTAssertEqual(frame["id"], .string("YMID"))
    XCTAssertEqual(frame["text"], .string("media-7"))
    XCTAssertEqual(cues.last?.startTime ?? -1, 9, accuracy: 0.0005)
    XCTAssertEqual(cues.last?.endTime ?? -1, 39, accuracy: 0.0005)
    XCTAssertEqual(cues.last?.attributes["spliceEventId"], .number(42))
    XCTAssertEqual(harness.entries(.initSegment).count, 1, "the init segment is loaded once")
  }

  /// SCTE-35 sections on a TS PID of their own: a cue of kind `scte35` with DASH's fields at
  /// `pts_time` (plus `pts_adjustment`), lasting the break.
  func testSCTE35InTS() throws {
    let section = SCTE35Writer.spliceInsert(
      eventId: 7, ptsTime: Stream.ticks(10 + 4), duration: 30 * 90_000, ptsAdjustment: 0)
    let files: [String: [UInt8]] = [
      "/seg0.ts": Stream.ts(start: 10, duration: 6, scte35: [section]),
      "/media.m3u8": Stream.playlist(Stream.entries(["seg0.ts"])),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    let cue = try XCTUnwrap(harness.cues("scte35").first)
    XCTAssertEqual(cue.startTime, 4, accuracy: 0.0005)
    XCTAssertEqual(cue.endTime ?? -1, 34, accuracy: 0.0005)
    XCTAssertEqual(cue.attributes["command"], .string("splice_insert"))
    XCTAssertEqual(cue.attributes["spliceEventId"], .number(7))
    XCTAssertEqual(cue.attributes["outOfNetwork"], .bool(true))
    XCTAssertEqual(cue.attributes["breakDuration"], .number(30))
  }

  /// After `#EXT-X-DISCONTINUITY` the timestamps start over: the new domain is anchored at its
  /// first segment's playlist time.
  func testADiscontinuityStartsANewTimestampDomain() throws {
    let files: [String: [UInt8]] = [
      "/seg0.ts": Stream.ts(start: 10, duration: 6, id3: [(12, Stream.txxx("a"))]),
      "/ad.ts": Stream.ts(start: 500, duration: 6, id3: [(501, Stream.txxx("b"))]),
      "/media.m3u8": Stream.playlist(
        Stream.entries(["seg0.ts"]) + ["#EXT-X-DISCONTINUITY"] + Stream.entries(["ad.ts"])),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    let times = harness.cues("id3").map(\.startTime)
    XCTAssertEqual(times.count, 2)
    XCTAssertEqual(times.first ?? -1, 2, accuracy: 0.0005)
    XCTAssertEqual(times.last ?? -1, 7, accuracy: 0.0005)
  }

  /// `#EXT-X-BYTERANGE` sub-ranges of one file, the second without an offset (it follows the
  /// first): each is requested with `Range` and read alone.
  func testByteRanges() throws {
    let first = Stream.ts(start: 10, duration: 6, id3: [(11, Stream.txxx("first"))])
    let second = Stream.ts(start: 16, duration: 6, id3: [(20, Stream.txxx("second"))])
    let files: [String: [UInt8]] = [
      "/all.ts": first + second,
      "/media.m3u8": Stream.playlist([
        "#EXTINF:6,", "#EXT-X-BYTERANGE:\(first.count)@0", "all.ts", "#EXTINF:6,",
        "#EXT-X-BYTERANGE:\(second.count)", "all.ts",
      ]),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.cues("id3").map { $0.attributes["text"] }, [.string("first"), .string("second")])
    XCTAssertEqual(harness.cues("id3").last?.startTime ?? -1, 10, accuracy: 0.0005)
    XCTAssertEqual(
      harness.entries(.segment).map { $0.fields["range"] },
      [
        .string("bytes=0-\(first.count - 1)"),
        .string("bytes=\(first.count)-\(first.count + second.count - 1)"),
      ])
    XCTAssertEqual(harness.entries(.segment).map { $0.fields["status"] }, [.number(206), .number(206)])
  }
}

/// `loadedmetadata` comes once the MPD is read, its Periods' cues already in `player.cues`.
final class ManifestMetadataTests: XCTestCase {
  func testLoadedMetadataAfterAnMPDIsRead() throws {
    let mpd = """
      <?xml version="1.0"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT12S">
        <Period id="p1" start="PT0S"><AdaptationSet/></Period>
      </MPD>
      """
    let harness = try StreamHarness(files: ["/m.mpd": Array(mpd.utf8)])
    var cuesAtMetadata = -1
    harness.player.addEventListener(.loadedmetadata) { _ in cuesAtMetadata = harness.player.cues.count }
    try harness.play("/m.mpd")
    XCTAssertEqual(harness.metadataLoads, 1)
    XCTAssertEqual(cuesAtMetadata, 1, "the Period's cue is known at loadedmetadata")
    XCTAssertEqual(harness.entries(.ended).first?.micros, 12_000_000)
    XCTAssertTrue(harness.entries(.waiting).isEmpty)
  }
}
