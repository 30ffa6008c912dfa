import Foundation
import Testing

@testable import HLSKit

/// The reader of ASCII lines' bytes reads every playlist as the general reader (over the lines'
/// Characters) reads it: the same playlist, or the same error on the same line. Checked on
/// playlists with every tag read from bytes, each line of them dropped, doubled, padded or cut.
@Suite struct ByteReaderTests {
  static let base = URL(string: "https://origin.example.com/channel/index.m3u8?token=a")

  static let playlists = [
    """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:1000
    #EXT-X-PROGRAM-DATE-TIME:2026-11-29T00:00:00.000Z
    #EXTINF:6.000,
    live/seg-1000.ts
    #EXT-X-DISCONTINUITY
    #EXT-X-DATERANGE:ID="splice-1",START-DATE="2026-11-29T00:00:06.000Z",PLANNED-DURATION=60.000,SCTE35-OUT=0xFC30
    #EXT-X-PROGRAM-DATE-TIME:2026-11-29T01:00:06.5+01:00
    #EXTINF:6,title
    ad/seg-1001.ts
    #EXTINF:5.5,
    ../up/seg-1002.ts?x=1
    #EXT-X-DATERANGE:ID="splice-1",START-DATE="2026-11-29T00:00:06.000Z",DURATION=60.000,SCTE35-IN=0xFC
    #EXT-X-DATERANGE:ID=x, CLASS = "c" ,START-DATE="2026-11-29T00:00:07Z",END-ON-NEXT=YES
    #EXT-X-CUE-OUT:30
    #EXTINF:6.000,
    https://cdn.example/abs.ts
    #EXT-X-CUE-OUT-CONT:6/30
    #EXTINF:6.000,
    %41.ts
    #EXT-X-CUE-IN
    #EXTINF:6.000,
    a b.ts
    """,
    """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-MAP:URI="init.mp4",BYTERANGE="1024@0"
    #EXTINF:4.004,
    #EXT-X-BYTERANGE:400000@1024
    main.mp4
    #EXTINF:4.004,
    #EXT-X-BYTERANGE:400013
    main.mp4
    #EXTINF:4.004,
    #EXT-X-BYTERANGE:5@0
    other.mp4
    #EXTINF:4.004,
    #EXT-X-BYTERANGE:7
    main.mp4
    #EXTINF:4.004,
    #EXT-X-BYTERANGE:+9
    other.mp4
    #EXT-X-ENDLIST
    """,
    """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="fr",NAME="Français",URI="audio/fr.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=365000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=416x234,AUDIO="aac"
    video/234p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=730000 , RESOLUTION=640x360
    ../video/360p.m3u8
    # a comment
    #EXT-X-STREAM-INF:BANDWIDTH="1100000"
    https://cdn.example/v.m3u8
    """,
  ]

  /// Each line of `text` dropped, doubled, padded with blanks or cut at a few places.
  static func variants(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var variants = [text, text.replacingOccurrences(of: "\n", with: "\r\n")]
    func joined(_ lines: [String]) -> String { lines.joined(separator: "\n") }
    for index in lines.indices {
      var changed = lines
      changed.remove(at: index)
      variants.append(joined(changed))
      changed = lines
      changed.insert(lines[index], at: index)
      variants.append(joined(changed))
      changed = lines
      changed[index] = " \t" + lines[index] + " \r"
      variants.append(joined(changed))
      for cut in [1, 3, 8, 12, 20, 30, 45] where cut < lines[index].count {
        changed = lines
        changed[index] = String(lines[index].prefix(cut))
        variants.append(joined(changed))
        changed[index] = String(lines[index].dropLast(cut))
        variants.append(joined(changed))
      }
    }
    return variants
  }

  static func read(_ text: String, asText: Bool) -> Result<HLSPlaylist, HLSParseError> {
    guard let base else { return .failure(HLSParseError(line: nil, "no base")) }
    return Result { () throws(HLSParseError) in
      try HLSParser.parse(text, url: base, readsEveryLineAsText: asText)
    }
  }

  @Test(arguments: playlists.indices) func asciiLinesReadAsTheirText(_ index: Int) {
    var errors = 0
    for text in Self.variants(Self.playlists[index]) {
      let bytes = Self.read(text, asText: false)
      #expect(bytes == Self.read(text, asText: true), "\(text)")
      if case .failure = bytes { errors += 1 }
    }
    #expect(errors > 5)
  }

  /// Values that are no plain numbers, dates or attribute lists go to the general reader.
  @Test func valuesTheBytesDoNotReadAreReadAsText() {
    let lines = [
      "#EXTINF:6.0e1,", "#EXTINF: 6,", "#EXTINF:-6,", "#EXTINF:1e400,", "#EXTINF:999999,", "#EXTINF:,",
      "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00+0200", "#EXT-X-PROGRAM-DATE-TIME:2026-11-29",
      "#EXT-X-BYTERANGE:12@", "#EXT-X-BYTERANGE:@5", "#EXT-X-BYTERANGE:1@2@3", "#EXT-X-BYTERANGE: 12@3",
      "#EXT-X-BYTERANGE:-1@0", "#EXT-X-BYTERANGE:99999999999999999999@0", "#EXT-X-BYTERANGE:0@0",
      #"#EXT-X-DATERANGE:ID="a,START-DATE="2026-11-29T12:00:00Z""#, "#EXT-X-DATERANGE:ID",
      "#EXT-X-DATERANGE:=x",
      #"#EXT-X-DATERANGE:ID="a"x,START-DATE="2026-11-29T12:00:00Z""#, "#EXT-X-DATERANGE:ID=,A=1",
      "#EXT-X-DATERANGE:I D=1", "#EXT-X-DISCONTINUITY:x", "#EXTINF", "#EXT-X-BYTERANGE",
    ]
    for line in lines {
      let text =
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00Z\n"
        + "#EXT-X-BYTERANGE:10@0\n#EXTINF:6,\na.ts\n\(line)\n#EXTINF:6,\na.ts\n"
      #expect(Self.read(text, asText: false) == Self.read(text, asText: true), "\(line)")
    }
  }

  /// A document with non-ASCII text reads its ASCII lines from bytes and the others as text.
  @Test func aDocumentWithOtherTextMixesBoth() {
    for text in [
      "\u{FEFF}#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,é\nsé.ts\n#EXTINF:6,\na.ts",
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:\u{301}6,\na.ts", "#EXTM3U\n \u{301}#EXTINF:6,\na.ts",
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\u{301}",
    ] {
      #expect(Self.read(text, asText: false) == Self.read(text, asText: true), "\(text)")
      guard let base = Self.base else { continue }
      let fromData = Result { () throws(HLSParseError) in try HLSParser.parse(Data(text.utf8), url: base) }
      #expect(fromData == Self.read(text, asText: true), "\(text)")
    }
  }

  /// Segments of one resource share the text of its URI, and each keeps its own `url`.
  @Test func subRangesOfOneResourceShareItsText() throws {
    let base = try #require(Self.base)
    guard case .media(let playlist) = try HLSParser.parse(Data(Self.playlists[1].utf8), url: base) else {
      Issue.record("expected a media playlist")
      return
    }
    #expect(
      playlist.segments.map(\.url.lastPathComponent) == [
        "main.mp4", "main.mp4", "other.mp4", "main.mp4", "other.mp4",
      ])
    #expect(playlist.segments.map { $0.byteRange?.offset } == [1024, 401_024, 0, 801_037, 5])
    #expect(playlist.segments.allSatisfy { URL(string: $0.uri)?.absoluteString == $0.uri })
  }

  /// Whole numbers read from bytes read as `Int(text)` reads them.
  @Test func wholeNumbersReadAsIntReadsThem() {
    for text in [
      "0", "7", "+7", "-7", "400000", "+", "-", "", "12a", "a12", "999999999999999999", "9223372036854775807",
      "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "00000000000000000000001",
      " 1", "1 ", "++1", "1_000",
    ] {
      var bytes = text
      let read = bytes.withUTF8 { HLSNumbers.integer(HLSBytes(UnsafeRawBufferPointer($0))) }
      #expect(read == Int(text), "\(text)")
    }
  }
}
