import Foundation
import HLSKit
import Testing

/// Numbers in a playlist that no run can play: refused with the line and what was expected, never
/// a trap or a run without end; and CR LF line ends, which RFC 8216 allows.
@Suite struct HLSNumberTests {
  func failure(_ text: String) -> String? {
    do {
      _ = try HLSParser.parse(text, url: base)
      return nil
    } catch {
      return error.description
    }
  }

  func media(_ text: String) throws -> HLSMediaPlaylist {
    guard case .media(let playlist) = try HLSParser.parse(text, url: base) else {
      throw HLSParseError(line: nil, "expected a media playlist")
    }
    return playlist
  }

  @Test func theLastMediaSequenceNumberTakesOneSegmentAndNoMore() throws {
    let one = try media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n#EXTINF:6,\na.ts")
    #expect(one.segments.map(\.sequence) == [Int.max])
    let message = failure(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n#EXTINF:6,\na.ts\n"
        + "#EXT-X-CUE-OUT:30\n#EXTINF:6,\nb.ts")
    #expect(
      message
        == "line 6: the segment's media sequence number is past 9223372036854775807: "
        + "#EXT-X-MEDIA-SEQUENCE 9223372036854775807 plus 1 segments before it")
    #expect(
      failure(
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n#EXTINF:6,\na.ts\n#EXTINF:6,\nb.ts"
      )?
      .hasPrefix("line 7: the segment's media sequence number is past") == true)
  }

  @Test func crlfLineEndsReadAsLineEnds() throws {
    let playlist = try media(
      "\u{FEFF}#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6,\r\na.ts\r\n#EXTINF:4.5,\r\nb.ts\r\n#EXT-X-ENDLIST\r\n"
    )
    #expect(playlist.segments.map(\.url.lastPathComponent) == ["a.ts", "b.ts"])
    #expect(playlist.segments.map(\.duration) == [6, 4.5])
    #expect(playlist.hasEndList)
    #expect(
      failure("#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:x,\r\na.ts\r\n")
        == #"line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, found "x""#)
  }

  @Test(arguments: ["1e300", "inf", "nan", "-5", "0x10", "604800.5", "1e3", "+6", "6..0", "."])
  func durationsThatAreNoDecimalSecondsInRangeAreRefused(_ text: String) {
    #expect(
      failure("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:\(text),\na.ts")
        == "line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, found \"\(text)\""
    )
  }

  @Test func segmentsAddingUpToMoreThanAWeekAreRefusedAtTheSegmentThatPassesIt() throws {
    let day = "#EXTINF:86400,\nday.ts\n"
    let week = try media("#EXTM3U\n#EXT-X-TARGETDURATION:86400\n" + String(repeating: day, count: 7))
    #expect(week.segments.last?.endTime == 604_800)
    #expect(
      failure(
        "#EXTM3U\n#EXT-X-TARGETDURATION:86400\n" + String(repeating: day, count: 7) + "#EXTINF:0.5,\nx.ts")
        == "line 17: #EXTINF: the segments add up to more than 604800 seconds (one week), the most a playlist may hold"
    )
  }

  @Test func aLiveReloadWhoseSequenceJumpsBillionsStaysWithinAWeekOfTheLastWindow() throws {
    var timeline = HLSTimeline()
    timeline.merge(try media("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXTINF:6,\nb.ts"))
    timeline.merge(
      try media(
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:9223372036854775806\n#EXTINF:6,\nz.ts"))
    #expect(timeline.end == 12 + 604_800 + 6)
  }
}
