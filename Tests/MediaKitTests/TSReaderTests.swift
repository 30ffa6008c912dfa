import MediaKit
import MediaWriter
import SCTE35Kit
import Testing

/// MPEG-TS: timed ID3 and SCTE-35 found through the PAT and PMT, PES timestamps, the 33-bit wrap.
@Suite struct TSReaderTests {
  static func tag(_ id: String) -> [UInt8] {
    var writer = ID3Writer(version: 4)
    writer.userText(description: "google_ids", id)
    writer.text("YMID", "m-\(id)")
    return writer.bytes()
  }

  @Test func timedID3GivesOneItemPerFrameAtItsPTS() throws {
    var ts = TSWriter()
    ts.video(pts: 900_000)
    ts.id3(pts: 990_000, Self.tag("google_1"))
    ts.video(pts: 903_003)
    ts.id3(pts: 1_080_000, Self.tag("google_2"))
    let scan = try TSReader.read(ts.bytes)
    #expect(scan.issues == [])
    #expect(scan.items.map(\.time) == [11, 11, 12, 12])
    #expect(
      scan.items.map(\.payload) == [
        .id3(ID3Frame(id: "TXXX", content: .userText(description: "google_ids", text: "google_1"))),
        .id3(ID3Frame(id: "YMID", content: .text(["m-google_1"]))),
        .id3(ID3Frame(id: "TXXX", content: .userText(description: "google_ids", text: "google_2"))),
        .id3(ID3Frame(id: "YMID", content: .text(["m-google_2"]))),
      ])
    #expect(scan.streams == [StreamTimes(id: 0x100, streamType: 0x1B, first: 10, last: 903_003 / 90_000)])
    #expect(scan.container == .mpegTS)
  }

  /// A 1000-byte tag spans six packets; it is one PES and reads whole.
  @Test func tagSplitAcrossPackets() throws {
    var writer = ID3Writer(version: 4)
    writer.priv(owner: "com.example", [UInt8](repeating: 7, count: 1000))
    var ts = TSWriter()
    ts.id3(pts: 90_000, writer.bytes())
    let scan = try TSReader.read(ts.bytes)
    #expect(ts.bytes.count >= 8 * 188)
    #expect(
      scan.items == [
        TimedMetadata(
          time: 1,
          payload: .id3(
            ID3Frame(
              id: "PRIV", content: .priv(owner: "com.example", data: [UInt8](repeating: 7, count: 1000)))))
      ])
  }

  @Test func scte35SectionsWithPTSAdjustment() throws {
    var ts = TSWriter()
    ts.video(pts: 90_000)
    ts.scte35(
      SCTE35Writer.spliceInsert(eventId: 7, ptsTime: 180_000, duration: 2_700_000, ptsAdjustment: 45_000))
    ts.scte35(SCTE35Writer.timeSignal(ptsTime: 360_000, typeId: 0x34, eventId: 9, duration: 900_000))
    let scan = try TSReader.read(ts.bytes)
    #expect(scan.issues == [])
    #expect(scan.items.map(\.time) == [2.5, 4])
    #expect(scan.items.map(\.duration) == [30, 10])
    guard case .scte35(let insert) = scan.items.first?.payload,
      case .scte35(let signal) = scan.items.last?.payload
    else {
      Issue.record("expected two SCTE-35 items")
      return
    }
    #expect(insert.spliceEventId == 7 && insert.outOfNetwork == true && insert.ptsAdjustment == 45_000)
    #expect(signal.command == .timeSignal && signal.segmentations.first?.typeId == 0x34)
  }

  /// Timestamps that pass 2^33 keep counting up, nearest to the segment's first.
  @Test func ptsWrap() throws {
    let wrap: UInt64 = 1 << 33
    var ts = TSWriter()
    ts.video(pts: wrap - 90_000)
    ts.id3(pts: wrap - 45_000, Self.tag("before"))
    ts.video(pts: 0)
    ts.id3(pts: 45_000, Self.tag("after"))
    ts.video(pts: 90_000)
    let scan = try TSReader.read(ts.bytes)
    let base = Double(wrap) / 90_000
    #expect(scan.items.map(\.time) == [base - 0.5, base - 0.5, base + 0.5, base + 0.5])
    #expect(scan.streams.first?.first == base - 1)
    #expect(scan.streams.first?.last == base + 1)
    #expect(scan.duration == 2)
    #expect(scan.issues == [])
  }

  /// With the previous segment's timestamp as reference, a segment after the wrap continues it.
  @Test func ptsReferenceFromAnEarlierSegment() throws {
    var ts = TSWriter()
    ts.video(pts: 900)
    let scan = try TSReader.read(ts.bytes, ptsReference: (1 << 33) - 9000)
    #expect(scan.streams.first?.first == Double((1 << 33) + 900) / 90_000)
  }

  @Test func ptsJumpIsAnIssue() throws {
    var ts = TSWriter()
    ts.video(pts: 90_000)
    ts.video(pts: 90_000 * 100)
    let scan = try TSReader.read(ts.bytes)
    #expect(scan.issues.map(\.message) == ["PID 256: the PTS jumps from 90000 to 9000000"])
  }

  /// Video PES headers that do not fit their packet (the optional fields' length runs past it; a
  /// PTS flagged in fewer than 5 bytes) are issues naming what ran out, and the stream's other
  /// PES starts are still read (the scan reads most PES headers in place and leaves these to
  /// `PESHeader`, which names the field).
  @Test func mediaPESHeadersThatDoNotFitTheirPacketAreIssues() throws {
    var ts = TSWriter()
    ts.video(pts: 90_000)
    let start = ts.bytes.count
    for header: [UInt8] in [[0x80, 0x80, 0xFF], [0x80, 0x80, 0x03]] {
      let packet: [UInt8] = [0x47, 0x41, 0x00, 0x10, 0, 0, 1, 0xE0, 0, 0] + header
      ts.raw(packet + [UInt8](repeating: 0xFF, count: 188 - packet.count))
    }
    ts.video(pts: 180_000)
    let scan = try TSReader.read(ts.bytes)
    #expect(
      scan.issues == [
        MediaError(at: start + 13, "the PES header's 255 bytes needs 255 bytes but 175 are left"),
        MediaError(at: start + 188 + 13, "the PTS needs 5 bytes but 3 are left"),
      ])
    #expect(scan.streams == [StreamTimes(id: 0x100, streamType: 0x1B, first: 1, last: 2)])
  }

  @Test func notTransportStream() {
    #expect(throws: MediaError(at: 0, "expected an MPEG-TS packet (sync byte 0x47)")) {
      try TSReader.read([0x00, 0x47])
    }
  }
}
