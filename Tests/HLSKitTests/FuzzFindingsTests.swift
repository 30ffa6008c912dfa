import Foundation
import Testing

@testable import HLSKit

/// Inputs the fuzzer (scripts/fuzz.sh hls) found, kept as they were found.
@Suite struct FuzzFindingsTests {
  /// fuzz-hls, 20 s into its first run: a media sequence of 2^63−1 (with a leading zero) and a
  /// second segment trapped on overflow (SIGILL) before the numbers were bounded.
  @Test func theFirstCrashFoundIsAnErrorNamingTheSecondSegment() {
    let found = """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-TARGETDURATION:5
      #EXT-X-MEDIA-SEQUENCE:09223372036854775807
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:60.000Z
      #EXT-X-CUE-OUT:15
      #EXTINF:5.0,
      segment0.ts
      #EXTINF:0.0,
      segN
      #EEXT-X-DISCONTINUITY
      #EXT-X-CUE-IN
      #EXTINF:5.0,
      segment8.ts
      #EXT-X-ENDLIST
      """
    do {
      _ = try HLSParser.parse(found, url: URL(fileURLWithPath: "/fuzz/index.m3u8"))
      Issue.record("the playlist parsed, though its second segment's number is past Int.max")
    } catch {
      #expect(error.line == 11)
      #expect(error.message.contains("media sequence number is past 9223372036854775807"))
    }
  }
}
