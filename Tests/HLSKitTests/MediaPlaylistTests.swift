import Foundation
import HLSKit
import Testing

let base = URL(string: "https://cdn.example/live/stream/index.m3u8") ?? URL(fileURLWithPath: "/")

func media(_ text: String) throws -> HLSMediaPlaylist {
  guard case .media(let playlist) = try HLSParser.parse(text, url: base) else {
    throw HLSParseError(line: nil, "not a media playlist")
  }
  return playlist
}

/// Media playlists: segments, durations, VOD and live, program date-times.
@Suite struct MediaPlaylistTests {
  @Test func aVODPlaylistSumsItsSegmentsAndResolvesRelativeURIs() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXTINF:6.0,
      seg0.ts
      #EXTINF:6.0,title
      ../other/seg1.ts
      #EXT-X-DISCONTINUITY
      #EXTINF:4.5,
      https://ads.example/ad.ts
      #EXT-X-ENDLIST
      """)
    #expect(!playlist.isLive)
    #expect(playlist.targetDuration == 6)
    #expect(playlist.duration == 16.5)
    #expect(playlist.segments.map(\.startTime) == [0, 6, 12])
    #expect(
      playlist.segments.map(\.url.absoluteString) == [
        "https://cdn.example/live/stream/seg0.ts", "https://cdn.example/live/other/seg1.ts",
        "https://ads.example/ad.ts",
      ])
    #expect(playlist.segments.map(\.discontinuity) == [false, false, true])
    #expect(playlist.segments.map(\.sequence) == [0, 1, 2])
  }

  @Test func aLivePlaylistHasNoEndListAndCountsFromItsMediaSequence() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-MEDIA-SEQUENCE:1200
      #EXTINF:4,
      a.ts
      #EXTINF:4,
      b.ts
      """)
    #expect(playlist.isLive)
    #expect(playlist.mediaSequence == 1200)
    #expect(playlist.segments.map(\.sequence) == [1200, 1201])
  }

  @Test func programDateTimesCarryForwardAndBack() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXTINF:6,
      a.ts
      #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:06.500Z
      #EXTINF:6,
      b.ts
      #EXTINF:6,
      c.ts
      """)
    let dates = playlist.segments.map(\.programDateTime)
    let noon = 1_795_953_600.0
    #expect(dates == [noon + 0.5, noon + 6.5, noon + 12.5])
  }

  @Test func datesWithOffsetsAreTheSameInstant() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2026-11-29T14:00:00+02:00
      #EXTINF:6,
      a.ts
      """)
    #expect(playlist.segments.first?.programDateTime == 1_795_953_600)
  }
}
