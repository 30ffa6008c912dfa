import Foundation
import Testing

@testable import HLSKit

/// The shortcuts that make long playlists quick to read (`adhost-bench hls`) answer what the
/// general paths answer: URI lines appended to the playlist's directory as Foundation resolves
/// them, dates placed by binary search as by the walk, lines split at LF bytes as over
/// Characters, and ASCII searched in bytes as in Characters.
@Suite struct ReadingShortcutTests {
  static let bases = [
    "https://origin.example.com/channel/index.m3u8?token=a/b", "https://origin.example.com",
    "https://h.example/a/./b/../c/index.m3u8", "http://h.example:8080/x/", "https://h.example/live/#frag",
  ]

  @Test(arguments: bases) func plainPathsResolveAsFoundationResolvesThem(_ base: String) throws {
    let baseURL = try #require(URL(string: base))
    let resolver = HLSURLResolver(base: baseURL)
    for text in [
      "seg-1.ts", "a/b/c.ts", "v~1_2.ts", "x.y.z", "a//b.ts", "../up.ts", "./here.ts", "a/./b.ts",
      "/root.ts", "https://cdn.example/s.ts", "s.ts?x=1", "%41.ts", "a/..", "...",
    ] {
      let expected = try #require(URL(string: text, relativeTo: baseURL)?.absoluteURL)
      let uri = try resolver.uri(Substring(text), line: 1)
      let resolved = try #require(URL(string: uri), "\(uri) reads back as a URL")
      #expect(resolved == expected, "\(text) against \(base)")
      #expect(resolved.absoluteString == expected.absoluteString)
      #expect(uri == expected.absoluteString)
    }
  }

  @Test func onlyPlainRelativePathsTakeTheShortcut() {
    for text in ["seg-1.ts", "a/b/c.ts", "v~1_2.ts", "x.y.z"] {
      #expect(HLSURLResolver.isPlainPath(Substring(text)))
    }
    for text in [
      "../a.ts", "./a", "a/./b", "a/.b", ".hidden", "/abs", "http://x", "a?b", "a#b", "%41", "", "a b",
    ] {
      #expect(!HLSURLResolver.isPlainPath(Substring(text)), "\(text)")
    }
  }

  /// The bytes a plain path may hold, each byte after a letter: letters, digits, `-`, `_`, `.`,
  /// `~` and `/`, and nothing else.
  @Test func everyByteIsPlainOrNotAsBefore() {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~/".utf8)
    for byte in UInt8.min...UInt8.max {
      let plain = allowed.contains(byte)
      let bytes = [UInt8(ascii: "a"), byte]
      let found = bytes.withUnsafeBytes { HLSURLResolver.isPlainPath(HLSBytes($0)) }
      #expect(found == plain, "\(byte)")
    }
  }

  /// Durations read from the bytes are `Double(text)`'s, and only plain decimals are read there:
  /// digits with at most one point between digits, at most 15 digits.
  @Test func plainSecondsAreDoublesReading() {
    var texts = [
      "6", "6.000", "10.5", "0.1", "0", "000.000", "123456789012345", "1234567890.12345", "1.23456789012345",
      "1234567890123456", "12345678901234.56", "1.234567890123456", ".5", "5.", ".", "", "1..2", "1.2.3",
      "+1", "-1", "1e3", "0x10", " 1", "1 ", "inf", "nan", "6,000", "9999999999999999999",
      "0.0000000000000001", "604800.000",
    ]
    for length in 1...18 {
      texts.append(String(repeating: "9", count: length))
      for point in 0...length {
        texts.append(
          String(repeating: "7", count: point) + "." + String(repeating: "3", count: length - point))
      }
    }
    var read = 0
    for text in texts {
      var bytes = text
      let seconds = bytes.withUTF8 { HLSNumbers.plainSeconds(HLSBytes(UnsafeRawBufferPointer($0))) }
      guard let seconds else { continue }
      read += 1
      #expect(seconds == Double(text), "\(text)")
      let digits = text.utf8.filter { $0 != UInt8(ascii: ".") }
      #expect(digits.count <= 15 && text.utf8.count - digits.count <= 1, "\(text)")
      #expect(text.first != "." && text.last != ".", "\(text)")
    }
    for text in ["6", "6.000", "10.5", "123456789012345", "1.23456789012345"] {
      var bytes = text
      #expect(
        bytes.withUTF8 { HLSNumbers.plainSeconds(HLSBytes(UnsafeRawBufferPointer($0))) } != nil, "\(text)")
    }
    #expect(read > 100)
  }

  /// The walk the binary search replaces, as it was.
  static func walk(_ date: Double, _ segments: [HLSSegment]) -> Double? {
    var anchor: HLSSegment?
    for segment in segments {
      guard let segmentDate = segment.programDateTime else { continue }
      if anchor == nil || segmentDate <= date { anchor = segment }
      if segmentDate > date { break }
    }
    guard let anchor, let anchorDate = anchor.programDateTime else { return nil }
    return anchor.startTime + (date - anchorDate)
  }

  static func segments(dates: [Double?]) throws -> [HLSSegment] {
    let url = try #require(URL(string: "https://h.example/s.ts"))
    return dates.enumerated().map { index, date in
      HLSSegment(
        url: url, duration: 6, sequence: index, startTime: Double(index) * 6, programDateTime: date,
        discontinuity: false, line: index + 2)
    }
  }

  @Test func datesArePlacedAsTheWalkPlacesThem() throws {
    let ordered = try Self.segments(dates: (0..<50).map { 1000 + Double($0) * 6 })
    let repeated = try Self.segments(dates: [1000, 1006, 1006, 1006, 1012, 1018])
    let back = try Self.segments(dates: [1000, 1006, 900, 906, 1012])
    let gaps = try Self.segments(dates: [nil, 1006, nil, 1018])
    let none = try Self.segments(dates: [nil, nil])
    let empty = try Self.segments(dates: [])
    for segments in [ordered, repeated, back, gaps, none, empty] {
      let index = HLSDateIndex(segments)
      for date in [0, 900, 903, 999.5, 1000, 1003, 1006, 1007, 1012, 1017.9, 1018, 1200, 1294, 1300, 5000] {
        #expect(
          index.time(of: date) == Self.walk(date, segments), "\(date) in \(segments.map(\.programDateTime))")
      }
    }
  }

  @Test func crLfPlaylistsReadAsLfOnes() throws {
    let lf =
      "\u{FEFF}#EXTM3U\n#EXT-X-TARGETDURATION:6 \n\n#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z\n"
      + "#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2026-11-29T12:00:06.000Z\",DURATION=6\n"
      + "#EXTINF:6,\n\t a.ts\r\r\n#EXTINF:6,\nb.ts\n#EXT-X-ENDLIST"
    let url = try #require(URL(string: "https://h.example/p/index.m3u8"))
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try HLSParser.parse(Data(lf.utf8), url: url) == HLSParser.parse(Data(crlf.utf8), url: url))
    guard case .media(let playlist) = try HLSParser.parse(Data(crlf.utf8), url: url) else {
      Issue.record("expected a media playlist")
      return
    }
    #expect(playlist.segments.map(\.line) == [7, 9])
    #expect(playlist.segments.map(\.url.lastPathComponent) == ["a.ts", "b.ts"])
    #expect(playlist.cues.map(\.startTime) == [6])
    // A line count that names the line after a CR LF.
    #expect(throws: HLSParseError(line: 3, "#EXTINF: expected a segment URI after it")) {
      try HLSParser.parse(Data("#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6,\r\n".utf8), url: url)
    }
  }

  @Test func asciiIsFoundInBytesAsInCharacters() {
    for text in [
      "#EXT-X-KEY:METHOD=NONE", "#EXT\u{301}-X", "#EXT", "#EX", "a:\u{301}b:c", "\u{600}:a:b", "no colon",
      ":",
    ] {
      let line = Substring(text)
      #expect(line.startsWith(ascii: "#EXT") == line.hasPrefix("#EXT"), "\(text)")
      #expect(line.firstIndex(ascii: UInt8(ascii: ":")) == line.firstIndex(of: ":"), "\(text)")
    }
    for text in ["6.000", " 6.5\t", "6\u{A0}", "", "\u{2003}7"] {
      #expect(Substring(text).trimmingWhitespaces == text.trimmingCharacters(in: .whitespaces), "\(text)")
    }
  }
}
