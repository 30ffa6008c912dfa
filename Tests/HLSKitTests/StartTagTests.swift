import Foundation
import Testing

@testable import HLSKit

/// `#EXT-X-START` (RFC 8216 §4.3.5.2): read from media and multivariant playlists, and the
/// position it gives among a playlist's segments.
@Suite struct StartTagTests {
  /// A media playlist of four 6 s segments (0 to 24 s) with `tag` in its header.
  func media(_ tag: String, read asText: Bool = false) throws -> HLSMediaPlaylist {
    let text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n\(tag)\n" + (0..<4).map { "#EXTINF:6,\ns\($0).ts\n" }.joined()
    let playlist = try HLSParser.parse(text, url: base, readsEveryLineAsText: asText)
    guard case .media(let media) = playlist else {
      throw HLSParseError(line: nil, "expected a media playlist")
    }
    return media
  }

  @Test(arguments: [false, true])
  func theTagIsRead(asText: Bool) throws {
    let start = try media("#EXT-X-START:TIME-OFFSET=-8.5,PRECISE=YES", read: asText).start
    #expect(start == HLSStart(timeOffset: -8.5, precise: true, line: 3))
    #expect(try media("#EXT-X-START:TIME-OFFSET=7", read: asText).start?.precise == false)
    #expect(try media("#EXT-X-VERSION:3", read: asText).start == nil)
  }

  @Test(arguments: [
    ("TIME-OFFSET=abc", #"#EXT-X-START TIME-OFFSET: expected a signed offset in seconds"#),
    ("TIME-OFFSET=--3", #"#EXT-X-START TIME-OFFSET: expected a signed offset in seconds"#),
    ("TIME-OFFSET=9999999", #"#EXT-X-START TIME-OFFSET: expected a signed offset in seconds"#),
    ("PRECISE=YES", "#EXT-X-START: expected a TIME-OFFSET attribute"),
    ("TIME-OFFSET=3,PRECISE=maybe", #"#EXT-X-START: PRECISE: expected YES or NO, found "maybe""#),
  ])
  func aTagThatCannotBeReadIsAWarning(_ value: String, _ message: String) throws {
    let playlist = try media("#EXT-X-START:\(value)")
    #expect(playlist.start == nil)
    let warning = try #require(playlist.warnings.first)
    #expect(warning.line == 3)
    #expect(warning.message.hasPrefix(message), "\(warning.message)")
    #expect(warning.message.hasSuffix("(the tag is ignored)"))
  }

  /// From the start when positive, from the end when negative, kept within the segments; the
  /// start of the segment holding it unless precise.
  @Test(arguments: [
    (7.0, false, 6.0), (7, true, 7), (-8.5, false, 12), (-8.5, true, 15.5), (0, false, 0),
    (-100, false, 0), (100, true, 24), (100, false, 18), (24, false, 18),
  ])
  func thePositionIsKeptWithinTheSegments(_ offset: Double, _ precise: Bool, _ position: Double) throws {
    let segments = try media("").segments
    #expect(HLSStart(timeOffset: offset, precise: precise).position(in: segments) == position)
  }

  /// In a multivariant playlist, before or among the variants.
  @Test(arguments: [false, true])
  func aMultivariantPlaylistHasItsOwn(before: Bool) throws {
    let start = "#EXT-X-START:TIME-OFFSET=-12"
    let variants =
      "#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2000000\nhigh.m3u8"
    let text = "#EXTM3U\n" + (before ? "\(start)\n\(variants)" : "\(variants)\n\(start)")
    guard case .multivariant(let multivariant) = try HLSParser.parse(text, url: base) else {
      Issue.record("expected a multivariant playlist")
      return
    }
    #expect(multivariant.start?.timeOffset == -12)
    #expect(multivariant.variants.count == 2)
    guard
      case .multivariant(let bad) = try HLSParser.parse(
        "#EXTM3U\n#EXT-X-START:NOPE=1\n\(variants)", url: base)
    else { return }
    #expect(bad.start == nil)
    #expect(
      bad.warnings.first?.message == "#EXT-X-START: expected a TIME-OFFSET attribute (the tag is ignored)")
  }
}
