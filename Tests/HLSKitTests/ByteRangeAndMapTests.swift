import Foundation
import HLSKit
import Testing

/// `#EXT-X-BYTERANGE` and `#EXT-X-MAP` (RFC 8216 4.4.4.2, 4.4.4.5): the segments the player loads.
@Suite struct ByteRangeAndMapTests {
  static let url = URL(string: "https://cdn.example/v/media.m3u8") ?? URL(fileURLWithPath: "/")

  static func media(_ body: String) throws -> HLSMediaPlaylist {
    let text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + body + "#EXT-X-ENDLIST\n"
    guard case .media(let playlist) = try HLSParser.parse(Data(text.utf8), url: url) else {
      throw HLSParseError(line: nil, "expected a media playlist")
    }
    return playlist
  }

  static func failure(_ body: String) -> String {
    do {
      _ = try media(body)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func rangesFollowEachOtherAndTheMapAppliesToTheSegmentsAfterIt() throws {
    let playlist = try Self.media(
      """
      #EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"
      #EXTINF:6,
      #EXT-X-BYTERANGE:1000@720
      all.mp4
      #EXTINF:6,
      #EXT-X-BYTERANGE:500
      all.mp4
      #EXTINF:6,
      other.mp4

      """)
    #expect(
      playlist.segments.map(\.byteRange) == [
        HLSByteRange(offset: 720, length: 1000), HLSByteRange(offset: 1720, length: 500), nil,
      ])
    #expect(playlist.segments.allSatisfy { $0.map?.url.absoluteString == "https://cdn.example/v/init.mp4" })
    #expect(playlist.segments.first?.map?.byteRange == HLSByteRange(offset: 0, length: 720))
    #expect(playlist.segments.first?.byteRange?.rangeHeader == "bytes=720-1719")
  }

  @Test func aRangeWithoutAnOffsetNeedsOneBeforeItOfTheSameURI() {
    #expect(
      Self.failure("#EXTINF:6,\n#EXT-X-BYTERANGE:500\na.ts\n")
        == "line 4: #EXT-X-BYTERANGE: expected an @offset, since no sub-range of this URI comes before it")
    #expect(
      Self.failure("#EXTINF:6,\n#EXT-X-BYTERANGE:ten@0\na.ts\n")
        == #"line 4: #EXT-X-BYTERANGE: expected <length>[@<offset>] in bytes, found "ten@0""#)
    #expect(Self.failure("#EXT-X-MAP:BYTERANGE=\"1@0\"\n") == "line 3: #EXT-X-MAP: expected a URI attribute")
  }
}
