import Foundation
import Testing

@testable import HLSKit

/// A playlist that is not all ASCII is checked in place (`HLSBytes.isUTF8`): it accepts what
/// Foundation's `String(data:encoding: .utf8)` accepts, and the playlist reads as its text does.
@Suite struct UTF8Tests {
  static func foundationAccepts(_ bytes: [UInt8]) -> Bool {
    String(data: Data(bytes), encoding: .utf8) != nil
  }
  static func isUTF8(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { HLSBytes($0).isUTF8 } }

  @Test func theEdgesOfUTF8AreFoundations() {
    let cases: [[UInt8]] = [
      [], [0x41], [0xC2, 0x80], [0xC1, 0xBF], [0xC0, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
      [0xE0, 0x9F, 0xBF],
      [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xEF, 0xBB, 0xBF, 0x41],
      [0xF0, 0x90, 0x80, 0x80],
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xFF], [0x80], [0xC3], [0xE2, 0x82], [0x41, 0xC3, 0xA7, 0x0A], [0x00],
    ]
    for bytes in cases {
      #expect(Self.isUTF8(bytes) == Self.foundationAccepts(bytes), "\(bytes)")
    }
  }

  @Test func randomBytesAreCheckedAsFoundationChecksThem() {
    var generator = SplitMix(seed: 24)
    for _ in 0..<20_000 {
      let count = Int(generator.next() % 9)
      let bytes = (0..<count).map { _ in
        // Mostly bytes that start or continue sequences, so that many are valid.
        let byte = UInt8(truncatingIfNeeded: generator.next())
        return byte < 0x40 ? byte | 0x80 : byte
      }
      #expect(Self.isUTF8(bytes) == Self.foundationAccepts(bytes), "\(bytes)")
    }
  }

  @Test func aNonASCIIPlaylistReadsAsItsText() throws {
    let url = try #require(URL(string: "https://origin.example.com/channel/master.m3u8"))
    let playlists = [
      "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aac\",NAME=\"Français\",URI=\"fr.m3u8\"\n"
        + "#EXT-X-STREAM-INF:BANDWIDTH=1000,AUDIO=\"aac\",NAME=\"Über\"\nv/ü.m3u8\n",
      "#EXTM3U\n#EXTINF:6,Ça va\nseg-1.ts\n#EXT-X-ENDLIST\n",
      "\u{FEFF}#EXTM3U\n#EXTINF:6,é\nseg-1.ts\n",
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=ü\nv.m3u8\n",
    ]
    for text in playlists {
      let fromText = Result { () throws(HLSParseError) in try HLSParser.parse(text, url: url) }
      let fromBytes = Result { () throws(HLSParseError) in try HLSParser.parse(Data(text.utf8), url: url) }
      #expect(fromBytes == fromText, "\(text)")
    }
    let invalid = Data([0x23, 0x45, 0x58, 0x54, 0x4D, 0x33, 0x55, 0x0A, 0xC3])
    #expect(throws: HLSParseError(line: nil, "the playlist is not UTF-8 text")) {
      try HLSParser.parse(invalid, url: url)
    }
  }
}
