import Foundation
import Testing

@testable import HLSKit

/// A segment's URI kept as the directory's text and a short path in place (`HLSResolvedURI`)
/// reads as the text Foundation resolves, compares as that text however it is kept, and is taken
/// only for the paths the resolver's plain-path check takes.
@Suite struct ResolvedURITests {
  static let base = URL(string: "https://origin.example.com/channel/index.m3u8?token=a")

  /// The table of plain bytes agrees with the resolver's check on every byte in each place of a
  /// short path, and on paths around the length held in place.
  @Test func shortPathsArePlainAsTheResolverSays() {
    for byte in UInt8.min...UInt8.max {
      for bytes in [
        [byte], [UInt8(ascii: "a"), byte], [byte, UInt8(ascii: "a")], [UInt8(ascii: "/"), byte],
      ] {
        let (short, plain) = bytes.withUnsafeBytes {
          (HLSShortPath(plain: HLSBytes($0)) != nil, HLSURLResolver.isPlainPath(HLSBytes($0)))
        }
        #expect(short == plain, "\(bytes)")
      }
    }
    for text in ["a/./b", "a/.b", ".hidden", "a/..", "...", "a//b.ts", "x.y.z", "../a", "a/b/c.ts"] {
      var text = text
      let (short, plain) = text.withUTF8 {
        let bytes = HLSBytes(UnsafeRawBufferPointer($0))
        return (HLSShortPath(plain: bytes) != nil, HLSURLResolver.isPlainPath(bytes))
      }
      #expect(short == plain, "\(text)")
    }
    for count in [0, 1, 23, 24, 25, 40] {
      var text = String(repeating: "s", count: count)
      let short = text.withUTF8 { HLSShortPath(plain: HLSBytes(UnsafeRawBufferPointer($0))) != nil }
      #expect(short == (count >= 1 && count <= HLSShortPath.capacity), "\(count) bytes")
    }
  }

  /// Segments of every length around the one held in place, plain or not, read from bytes and
  /// from text: the URI is Foundation's resolution, and equal however it is kept.
  @Test func segmentURIsAreFoundationsResolution() throws {
    let base = try #require(Self.base)
    let paths = [
      "s.ts", "live/seg-1000.ts", String(repeating: "a", count: 23) + "b", String(repeating: "c", count: 25),
      "../up.ts", "a b.ts", "https://cdn.example/x.ts", "live/seg-1000.ts",
    ]
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n"
    for path in paths { text += "#EXTINF:6,\n\(path)\n" }
    guard case .media(let bytes) = try HLSParser.parse(Data(text.utf8), url: base),
      case .media(let general) = try HLSParser.parse(text, url: base, readsEveryLineAsText: true)
    else {
      Issue.record("not a media playlist")
      return
    }
    for (index, path) in paths.enumerated() {
      let expected = try #require(URL(string: path, relativeTo: base)?.absoluteURL).absoluteString
      #expect(bytes.segments[index].uri == expected, "\(path)")
      #expect(general.segments[index].uri == expected, "\(path)")
      #expect(bytes.segments[index].resolvedURI == general.segments[index].resolvedURI, "\(path)")
      #expect(bytes.segments[index].url.absoluteString == expected)
      #expect(bytes.segments[index].resolvedURI == HLSResolvedURI(expected))
    }
    #expect(bytes == general)
    #expect(bytes.segments[1].resolvedURI == bytes.segments[7].resolvedURI)
    #expect(bytes.segments[0].resolvedURI != bytes.segments[1].resolvedURI)
    #expect(bytes.segments[1].resolvedURI != HLSResolvedURI(bytes.segments[0].uri))
  }

  /// The three tags known by their first words are the tags the bytes up to the first colon name,
  /// with that colon; any other line is left to the search.
  @Test func leadingTagsAreTheTagsUpToTheFirstColon() {
    let lines = [
      "#EXTINF:6.000,", "#EXTINF:", "#EXTINF", "#EXTINF6:", "#EXTINFO:1", "#EXT-X-PROGRAM-DATE-TIME:2026",
      "#EXT-X-PROGRAM-DATE-TIME:", "#EXT-X-PROGRAM-DATE-TIME", "#EXT-X-PROGRAM-DATE-TIMES:x",
      "#EXT-X-PROGRAM-DATE-TIM:x", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PROGRAM-DATE-TIME-X:1", "#EXTM3U",
      "#EXT-X-P", "s.ts", "#EXT-X-BYTERANGE:1@2", "#EXT-X-BYTERANGE:", "#EXT-X-BYTERANGE",
      "#EXT-X-BYTERANGES:1",
      "#EXT-X-BYTERANG:1", "#EXT-X-BYTERANGE-X:1", "#EXT-X-BYTERANGE@:1", "#EXT-X-B", "#EXT-X-DATERANGE:ID=a",
    ]
    var known = 0
    for line in lines {
      var text = line
      text.withUTF8 { raw in
        let bytes = HLSBytes(UnsafeRawBufferPointer(raw))
        guard let leading = HLSTagName.leading(bytes) else { return }
        known += 1
        let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
        #expect(colon == leading.colon, "\(line)")
        #expect(HLSTagName(bytes.slice(0, colon ?? bytes.count)) == leading.tag, "\(line)")
      }
    }
    #expect(known == 6)
  }
}
