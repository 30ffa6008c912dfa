import Foundation
import HLSKit
import Testing

/// Multivariant playlists, and playlists that cannot be read.
@Suite struct MultivariantAndErrorTests {
  @Test func aMultivariantPlaylistListsItsVariantsInOrder() throws {
    let playlist = try HLSParser.parse(
      """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
      720p/index.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
      https://other.example/360p.m3u8
      """, url: base)
    guard case .multivariant(let multivariant) = playlist else {
      Issue.record("expected a multivariant playlist")
      return
    }
    #expect(
      multivariant.variants.map(\.url.absoluteString) == [
        "https://cdn.example/live/stream/720p/index.m3u8", "https://other.example/360p.m3u8",
      ])
    #expect(multivariant.variants.map(\.bandwidth) == [2_000_000, 800_000])
    #expect(multivariant.variants.first?.resolution == "1280x720")
    #expect(multivariant.variants.first?.attributes.last?.value == "avc1.4d401f,mp4a.40.2")
  }

  func failure(_ text: String) -> HLSParseError? {
    do {
      _ = try HLSParser.parse(text, url: base)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("", "line 1: expected #EXTM3U, found an empty document"),
    ("<html>nope</html>", #"line 1: expected #EXTM3U, found "<html>nope</html>""#),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:abc,\na.ts",
      #"line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, found "abc""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:-1,\na.ts",
      #"line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, found "-1""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\na.ts",
      #"line 3: a segment URI needs #EXTINF before it, found "a.ts""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n#EXTINF:6,\na.ts",
      "line 3: #EXTINF: expected a segment URI after it, found another #EXTINF"
    ),
    ("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,", "line 3: #EXTINF: expected a segment URI after it"),
    ("#EXTM3U\n#EXTINF:6,\na.ts", "a media playlist needs #EXT-X-TARGETDURATION, and this one has none"),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:0\n",
      #"line 2: #EXT-X-TARGETDURATION: expected a whole number of seconds ≥ 1, found "0""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PROGRAM-DATE-TIME:yesterday\n",
      #"line 3: #EXT-X-PROGRAM-DATE-TIME: expected an ISO 8601 date-time such as 2026-11-29T12:00:00.000Z, found "yesterday""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:NaN,\na.ts",
      #"line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, found "NaN""#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-CUE-OUT:soon\n",
      #"line 3: #EXT-X-CUE-OUT: expected a duration in seconds, a decimal number from 0 to 604800, found "soon""#
    ),
    (
      "#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1x1\na.m3u8",
      "line 2: #EXT-X-STREAM-INF: expected BANDWIDTH, a whole number of bits per second"
    ),
    (
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n#EXTINF:6,\na.ts",
      "line 3: #EXTINF in a multivariant playlist (it has #EXT-X-STREAM-INF on line 2)"
    ),
  ])
  func malformedPlaylistsNameTheLineAndWhatWasExpected(text: String, message: String) {
    #expect(failure(text)?.description == message)
  }

  /// The warnings of a media playlist that parses.
  func warnings(_ text: String) -> [String]? {
    guard case .media(let playlist)? = try? HLSParser.parse(text, url: base) else { return nil }
    return playlist.warnings.map(\.description)
  }

  static let dated = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00Z\n"

  /// A date range is metadata: one that cannot be read is dropped with a warning naming its line,
  /// and the playlist plays (issue 26: `DURATION=NaN` on one range failed the whole playlist).
  @Test(arguments: [
    (
      dated + "#EXT-X-DATERANGE:ID=\"n\",START-DATE=\"2026-11-29T12:00:01Z\",DURATION=NaN\n#EXTINF:6,\na.ts",
      #"line 4: #EXT-X-DATERANGE: expected DURATION in seconds, a decimal number from 0 to 604800, found "NaN" (the date range is dropped)"#
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DATERANGE:START-DATE=\"2026-11-29T12:00:00Z\"\n",
      "line 3: #EXT-X-DATERANGE: expected an ID attribute (the date range is dropped)"
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2026-11-29T12:00:00Z\"\n#EXTINF:6,\na.ts",
      "line 3: #EXT-X-DATERANGE a: expected #EXT-X-PROGRAM-DATE-TIME in the playlist to place START-DATE "
        + "(the date range is dropped)"
    ),
    (
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DATERANGE:ID=\"a,START-DATE=x\n",
      "line 3: #EXT-X-DATERANGE: the quoted value of ID has no closing quote (the date range is dropped)"
    ),
  ])
  func aDateRangeThatCannotBeReadIsDroppedWithAWarning(text: String, warning: String) {
    #expect(warnings(text) == [warning])
  }

  @Test func theOtherDateRangesStay() throws {
    let text =
      Self.dated + "#EXT-X-DATERANGE:ID=\"bad\",START-DATE=\"2026-11-29T12:00:01Z\",DURATION=NaN\n"
      + "#EXT-X-DATERANGE:ID=\"good\",START-DATE=\"2026-11-29T12:00:02Z\",DURATION=2\n#EXTINF:6,\na.ts\n"
    guard case .media(let playlist) = try HLSParser.parse(text, url: base) else {
      Issue.record("expected a media playlist")
      return
    }
    #expect(playlist.cues.map(\.id) == ["good"])
    #expect(playlist.cues.first?.startTime == 2)
    #expect(playlist.warnings.map(\.line) == [4])
  }

  @Test func hostileInputsGiveErrorsOrPlaylistsAndNeverCrash() {
    var generator = SplitMix(seed: 7)
    let pieces = [
      "#EXTM3U", "#EXTINF:", "#EXTINF:1e308,", "#EXTINF:nan,", "#EXT-X-TARGETDURATION:", "#EXT-X-CUE-OUT:",
      "#EXT-X-CUE-IN", "#EXT-X-CUE-OUT-CONT:/", "#EXT-X-CUE-OUT-CONT:ElapsedTime=", "#EXT-X-DATERANGE:ID=",
      "#EXT-X-DATERANGE:ID=\"x\",START-DATE=\"9999-99-99T99:99:99Z\"", "#EXT-X-PROGRAM-DATE-TIME:2026-",
      "#EXT-X-STREAM-INF:BANDWIDTH=99999999999999999999", "::::", "\"", "=", ",", "\u{0}", "a.ts", "%%%",
      "#EXT-X-MEDIA-SEQUENCE:-5", "\r\n", "#EXT-X-DATERANGE:=,=,=",
    ]
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined(
        separator: "\n")
      _ = failure("#EXTM3U\n" + text)
      _ = failure(text)
    }
    let notText = Data([0xFF, 0xFE, 0x00, 0xC3])
    #expect(throws: HLSParseError.self) { try HLSParser.parse(notText, url: base) }
    let longLine =
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DATERANGE:" + String(repeating: "A=1,", count: 50_000)
    #expect(failure(longLine) == nil)
    #expect(warnings(longLine)?.count == 1)
    #expect(warnings(longLine)?.first?.hasPrefix("line 3: ") == true)
  }
}

/// A seeded generator, so the hostile inputs are the same on every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
