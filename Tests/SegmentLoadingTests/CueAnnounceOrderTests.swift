import AdPlayer
import Foundation
import HTTPKit
import MediaWriter
import PlaybackEngine
import PlayerSeam
import XCTest

/// `addcue` always comes before `cue` for the same cue, also for a cue the playhead is already in
/// when its segment arrives (issue 37, R08).
final class CueAnnounceOrderTests: XCTestCase {
  /// "addcue id" and "cue id", in the order the listeners saw them.
  private func listen(_ harness: StreamHarness) -> () -> [String] {
    var seen: [String] = []
    for type in [EventType.addcue, .cue] {
      harness.player.addEventListener(type) { event in seen.append("\(type.rawValue) \(event.cue?.id ?? "?")")
      }
    }
    return { seen }
  }

  private func files() -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for index in 0..<2 {
      let start = 10 + Double(index) * 6
      files["/s\(index).ts"] = Stream.ts(start: start, duration: 6, id3: [(start, Stream.txxx("s\(index)"))])
    }
    files["/media.m3u8"] = Stream.playlist(Stream.entries(["s0.ts", "s1.ts"]))
    return files
  }

  /// A tag at the first PTS of the first segment is at content 0, where the playhead is.
  func testACueAtTheFirstPTSOfTheFirstSegmentIsAnnouncedBeforeItFires() throws {
    let harness = try StreamHarness(files: files())
    let seen = listen(harness)
    try harness.play("/media.m3u8")
    XCTAssertEqual(seen(), ["addcue id3-0-1", "cue id3-0-1", "addcue id3-1-1", "cue id3-1-1"])
  }

  /// The second segment arrives late (a 4 s delay, requested 3 s ahead): the content waits at its
  /// start, where its tag is, and the tag is announced before it fires.
  func testACueAtTheStartOfASegmentTheContentWaitedForIsAnnouncedBeforeItFires() throws {
    let plan = FaultPlan(rules: [FaultRule(url: "*/s1.ts", kind: .segment, fault: .delay(4))])
    var options = SegmentOptions()
    options.forwardBuffer = 3
    let harness = try StreamHarness(files: files(), faults: plan, segments: options)
    let seen = listen(harness)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.entries(.waiting).count, 1)
    XCTAssertEqual(seen(), ["addcue id3-0-1", "cue id3-0-1", "addcue id3-1-1", "cue id3-1-1"])
  }

  /// A segment's cues are announced in the order they were found in it (the ids' order), and held
  /// by start: an ID3 tag at 1 s written before an SCTE-35 splice at 0.5 s.
  func testASegmentsCuesAreAnnouncedInTheOrderFound() throws {
    let splice = SCTE35Writer.spliceInsert(eventId: 7, ptsTime: Stream.ticks(10.5), duration: 90_000)
    let files = [
      "/s0.ts": Stream.ts(start: 10, duration: 6, id3: [(11, Stream.txxx("s0"))], scte35: [splice]),
      "/media.m3u8": Stream.playlist(Stream.entries(["s0.ts"])),
    ]
    let harness = try StreamHarness(files: files)
    try harness.play("/media.m3u8")
    XCTAssertEqual(harness.addedCues.map(\.id), ["id3-0-1", "scte35-0-2"])
    XCTAssertEqual(harness.player.cues.map(\.id), ["scte35-0-2", "id3-0-1"])
  }
}
