import MediaKit
import MediaWriter
import Testing

/// Packed audio: the leading tag's transportStreamTimestamp places its frames and later tags.
@Suite struct PackedAudioTests {
  static func leadingTag(pts: UInt64) -> [UInt8] {
    var writer = ID3Writer(version: 4)
    writer.priv(owner: PackedAudioReader.timestampOwner, CMAFWriter.u64(pts))
    writer.userText(description: "google_ids", "google_first")
    return writer.bytes()
  }

  /// An ADTS frame header of `length` bytes at 48 kHz (1024 samples), zeros after it.
  static func adts(length: Int = 100) -> [UInt8] {
    let header: [UInt8] = [
      0xFF, 0xF1, 0x4C, UInt8(truncatingIfNeeded: 0x80 | length >> 11),
      UInt8(truncatingIfNeeded: length >> 3),
      UInt8(truncatingIfNeeded: (length & 7) << 5 | 0x1F), 0xFC,
    ]
    return header + [UInt8](repeating: 0, count: length - 7)
  }

  @Test func leadingTagAndATagBetweenFrames() throws {
    var later = ID3Writer(version: 4)
    later.userText(description: "google_ids", "google_second")
    var segment = Self.leadingTag(pts: 900_000)
    for _ in 0..<47 { segment += Self.adts() }
    segment += later.bytes()
    for _ in 0..<47 { segment += Self.adts() }
    let scan = try MediaReader.scan(segment)
    #expect(scan.container == .packedAudio)
    #expect(scan.issues == [])
    let laterTime: Double = 10 + 47 * 1024 / 48_000.0
    #expect(scan.items.map(\.time) == [10, 10, laterTime])
    #expect(
      scan.items.last?.payload
        == .id3(ID3Frame(id: "TXXX", content: .userText(description: "google_ids", text: "google_second"))))
    #expect(scan.streams.first?.first == 10)
    let end: Double = 10 + 94 * 1024 / 48_000.0
    #expect(scan.streams.first?.last == end)
  }

  @Test func aLeadingTagWithoutTimestampIsRefused() {
    var writer = ID3Writer(version: 4)
    writer.text("TIT2", "x")
    #expect(
      throws: MediaError(
        at: 0, "the leading ID3 tag has no PRIV com.apple.streaming.transportStreamTimestamp")
    ) {
      try PackedAudioReader.read(writer.bytes())
    }
  }
}
