import Foundation
import Testing

@testable import HLSKit

/// The readers of a segment's lines from bytes (a VOD playlist's `#EXTINF`, `#EXT-X-BYTERANGE`
/// and URI lines) answer what the walks they replace answer, on listed and generated inputs.
@Suite struct SegmentBytesTests {
  static func withBytes<Result>(_ text: String, _ body: (HLSBytes) -> Result) -> Result {
    Array(text.utf8).withUnsafeBytes { body(HLSBytes($0)) }
  }

  /// Texts of the bytes in `alphabet`, `count` of them, from 0 to `longest` bytes each.
  static func generated(_ alphabet: String, count: Int, longest: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    let characters = Array(alphabet)
    return (0..<count).map { _ in
      let length = Int(generator.next() % UInt64(longest + 1))
      return String((0..<length).map { _ in characters[Int(generator.next() % UInt64(characters.count))] })
    }
  }

  /// A byte range read eight bytes at a time is the one the walk reads, and nil where it is.
  @Test func byteRangesReadByWordsAsByTheWalk() {
    var texts = [
      "400000@1024", "401937@59961024", "1@2", "1234567@12345678", "1234567@123456789", "12345678@1",
      "0@12345678", "1@0", "0000001@00000000", "1234567@", "@12345678", "1234567@1234567a", "123456a@1",
      "1234567", "12345678", "1234567@+1", "1234567 @1", "999999999999999@1", "1234567@1@234567",
    ]
    texts += Self.generated("0123456789@", count: 20_000, longest: 20, seed: 41)
    texts += Self.generated("0123456789@ +-a\u{7F}", count: 5_000, longest: 18, seed: 42)
    var read = 0
    for text in texts {
      for following in [nil, -1, 4096] as [Int?] {
        let words = Self.withBytes(text) { HLSByteRange.plainRange($0, following: following) }
        let walk = Self.withBytes(text) { HLSByteRange.plainRangeWalk($0, following: following) }
        #expect(words == walk, "\(text)")
        if words != nil { read += 1 }
      }
    }
    #expect(read > 10_000)
  }

  /// `#EXTINF`'s duration read up to its comma is `plainSeconds` of the text before the comma,
  /// which is `Double`'s reading of it.
  @Test func durationsReadUpToTheCommaAsTheTextBeforeIt() {
    var texts = ["4.004,", "6.000,title", "6,", "6", "10.5,a,b", ",", "", ".5,", "5.,", "1..2,", "1.2,3.4"]
    texts += Self.generated("0123456789.,", count: 20_000, longest: 20, seed: 43)
    texts += Self.generated("0123456789., a-e", count: 5_000, longest: 20, seed: 44)
    var read = 0
    for text in texts {
      let before = String(text.prefix { $0 != "," })
      let duration = Self.withBytes(text) { HLSNumbers.plainDuration($0) }
      let seconds = Self.withBytes(before) { HLSNumbers.plainSeconds($0) }
      #expect(duration == seconds, "\(text)")
      if let duration {
        #expect(duration == Double(before), "\(text)")
        read += 1
      }
    }
    #expect(read > 5_000)
  }

  /// The scanner of an ASCII document gives the lines, trimmed, and their numbers as `next()`
  /// gives them.
  @Test func asciiLinesComeAsFromTheGeneralScanner() throws {
    var texts = ["", "\n", "#EXTM3U", "#EXTM3U\n", "\n\n#EXTM3U\r\n \t\na.ts \r\n\t b.ts\t\n \n", " ", "\r"]
    texts += Self.generated("ab#: \t\r\n", count: 5_000, longest: 30, seed: 45)
    for text in texts {
      var asText = [(String, Int)]()
      var asBytes = [(String, Int)]()
      Self.withBytes(text) { document in
        var general = HLSLineScanner(document, isASCII: true)
        var scanner = HLSLineScanner(document, isASCII: true)
        while let (line, number) = try? general.next() { asText.append((String(line.text), number)) }
        while let line = scanner.nextASCII() { asBytes.append((line.text, scanner.number)) }
        #expect(general.number == scanner.number, "\(text.debugDescription)")
      }
      #expect(asText.map(\.0) == asBytes.map(\.0), "\(text.debugDescription)")
      #expect(asText.map(\.1) == asBytes.map(\.1), "\(text.debugDescription)")
    }
  }

  /// An ASCII document of `HLSParser.maxLines` lines reads; one more line is the error it was
  /// when the scanner threw it, whatever else is wrong in the document.
  @Test func pastTheMostLinesTheErrorIsTheSame() throws {
    let base = try #require(URL(string: "https://origin.example.com/vod/index.m3u8"))
    func document(comments: Int, then last: String) -> Data {
      Data(("#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + String(repeating: "#c\n", count: comments) + last).utf8)
    }
    // Lines: the two of the header, the comments, and the two of the segment.
    let most = HLSParser.maxLines - 4
    guard
      case .media(let playlist) = try HLSParser.parse(
        document(comments: most, then: "#EXTINF:1,\na.ts"), url: base)
    else {
      Issue.record("expected a media playlist")
      return
    }
    #expect(playlist.segments.count == 1)
    #expect(playlist.segments.first?.line == HLSParser.maxLines)
    for last in ["#EXTINF:1,\na.ts", "#EXTINF:x,\na.ts", "#EXTINF:1,\n"] {
      #expect(throws: HLSLineScanner.tooManyLines) {
        try HLSParser.parse(document(comments: most + 1, then: last), url: base)
      }
    }
  }

  /// Runs are the same when their bytes are.
  @Test func sameBytesAreEqualBytes() {
    let texts = Self.generated("ab", count: 2_000, longest: 20, seed: 46)
    for (first, second) in zip(texts, texts.dropFirst()) {
      let same = Self.withBytes(first) { one in Self.withBytes(second) { one.sameBytes(as: $0) } }
      #expect(same == (Array(first.utf8) == Array(second.utf8)), "\(first) \(second)")
    }
  }

  /// A URI line with the bytes of the segment before's has that segment's URI; a segment read as
  /// text in between (a document that is not all ASCII) is no such segment.
  @Test func aRepeatedURILineHasTheURIBeforeIt() throws {
    let base = try #require(URL(string: "https://origin.example.com/vod/index.m3u8"))
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXTINF:4,
      #EXT-X-BYTERANGE:10@0
      a.mp4
      #EXTINF:4,
      #EXT-X-BYTERANGE:10
      a.mp4
      #EXTINF:4,
      é.mp4
      #EXTINF:4,
      a.mp4
      #EXTINF:4,
      ../x/a.mp4?q=1
      #EXTINF:4,
      ../x/a.mp4?q=1
      #EXTINF:4,
      #EXT-X-BYTERANGE:5
      a.mp4
      """
    guard case .media(let playlist) = try HLSParser.parse(Data(text.utf8), url: base) else {
      Issue.record("expected a media playlist")
      return
    }
    let a = "https://origin.example.com/vod/a.mp4"
    let x = "https://origin.example.com/x/a.mp4?q=1"
    #expect(playlist.segments.map(\.uri) == [a, a, playlist.segments[2].uri, a, x, x, a])
    #expect(playlist.segments[2].uri.hasPrefix("https://origin.example.com/vod/"))
    #expect(playlist.segments[2].uri != a)
    #expect(playlist.segments.map { $0.byteRange?.offset } == [0, 10, nil, nil, nil, nil, 20])
    let general = try HLSParser.parse(text, url: base, readsEveryLineAsText: true)
    #expect(HLSPlaylist.media(playlist) == general)
  }
}
