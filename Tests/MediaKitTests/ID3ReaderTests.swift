import MediaKit
import MediaWriter
import Testing

/// ID3v2.3 and v2.4 tags: frames, sizes, unsynchronisation, extended headers.
@Suite struct ID3ReaderTests {
  @Test func framesAdTrackingReads() throws {
    var writer = ID3Writer(version: 4)
    writer.userText(description: "google_ids", "google_1234567890")
    writer.priv(owner: "com.example.owner", [1, 2, 3, 0xFF])
    writer.text("TIT2", "Ad break")
    writer.text("YMID", "abc-123")
    writer.object(mimeType: "application/octet-stream", filename: "f.bin", description: "blob", [9, 8])
    let tag = try ID3Reader.read(writer.bytes()[...])
    #expect(tag.version == 4)
    #expect(
      tag.frames == [
        ID3Frame(id: "TXXX", content: .userText(description: "google_ids", text: "google_1234567890")),
        ID3Frame(id: "PRIV", content: .priv(owner: "com.example.owner", data: [1, 2, 3, 0xFF])),
        ID3Frame(id: "TIT2", content: .text(["Ad break"])),
        ID3Frame(id: "YMID", content: .text(["abc-123"])),
        ID3Frame(
          id: "GEOB",
          content: .object(
            mimeType: "application/octet-stream", filename: "f.bin", description: "blob", data: [9, 8])),
      ])
  }

  /// A frame over 127 bytes: v2.3 writes its size as a plain 32-bit number, v2.4 as syncsafe.
  @Test(arguments: [UInt8(3), 4]) func frameSizesOfEachVersion(version: UInt8) throws {
    let long = String(repeating: "x", count: 300)
    var writer = ID3Writer(version: version)
    writer.userText(description: "d", long)
    writer.text("TIT2", "after")
    let bytes = writer.bytes()
    // The TXXX frame's size bytes: 300 + 3 = 303 = 0x12F (plain) or 0x022F (syncsafe).
    #expect(Array(bytes[14..<18]) == (version == 3 ? [0, 0, 1, 0x2F] : [0, 0, 2, 0x2F]))
    let tag = try ID3Reader.read(bytes[...])
    #expect(tag.frames.map(\.text) == [long, "after"])
  }

  /// Data full of 0xFF bytes, unsynchronised (v2.3 the whole tag, v2.4 per frame), reads back intact.
  @Test(arguments: [UInt8(3), 4]) func unsynchronisation(version: UInt8) throws {
    let data: [UInt8] = [0xFF, 0x00, 0xFF, 0xE0, 0xFF, 0xFF, 0x12, 0xFF]
    var writer = ID3Writer(version: version)
    writer.unsynchronise = true
    writer.priv(owner: "o", data)
    writer.userText(description: "k", "v")
    let bytes = writer.bytes()
    #expect(bytes.count > ID3Writer(version: version).bytes().count + 30)  // zeros were inserted
    let tag = try ID3Reader.read(bytes[...])
    #expect(tag.frames.first?.content == .priv(owner: "o", data: data))
    #expect(tag.frames.last?.text == "v")
  }

  @Test(arguments: [UInt8(3), 4]) func extendedHeaderIsSkipped(version: UInt8) throws {
    var writer = ID3Writer(version: version)
    writer.extendedHeader = true
    writer.userText(description: "k", "value")
    #expect(try ID3Reader.read(writer.bytes()[...]).frames.map(\.text) == ["value"])
  }

  @Test func utf16TextWithByteOrderMark() throws {
    var writer = ID3Writer(version: 3)
    writer.raw("TIT2", [1, 0xFF, 0xFE, 0x41, 0, 0xE9, 0, 0, 0])
    #expect(try ID3Reader.read(writer.bytes()[...]).frames.first?.text == "Aé")
  }

  @Test func brokenTagsAreRefusedWithWhere() {
    func why(_ bytes: [UInt8]) -> String {
      do {
        _ = try ID3Reader.read(bytes[...])
        return "read"
      } catch { return error.description }
    }
    #expect(
      why(Array("ID3".utf8) + [2, 0, 0, 0, 0, 0, 0])
        == "byte 3: ID3v2.2 is not supported (expected v2.3 or v2.4)")
    #expect(
      why(Array("ID3".utf8) + [4, 0, 0, 0, 0, 1, 0]) == "byte 6: the ID3 tag's size is 128 but 0 bytes follow"
    )
    #expect(
      why(Array("ID3".utf8) + [4, 0, 0, 0x80, 0, 0, 0])
        == "byte 6: the ID3 tag size is not syncsafe (a byte has its top bit set)")
    // A frame whose size runs past the tag.
    let lying = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 12] + Array("TXXX".utf8) + [0, 0, 1, 0, 0, 0, 3, 0]
    #expect(why(lying) == "byte 20: TXXX's data (128 bytes) needs 128 bytes but 2 are left")
    #expect(why([]) == "byte 0: expected an ID3 tag (\"ID3\")")
  }
}
