import Foundation
import Testing

@testable import HLSKit

/// The readers from bytes that the general readers now take first answer what the general
/// readers answer over Characters: attribute lists (`HLSAttributeList.parse` of ASCII text, an
/// `#EXT-X-MAP`'s or a cue-out's) and byte ranges (`HLSByteRange.parse` of an ASCII line).
@Suite struct AttributeAndRangeBytesTests {
  static let names = ["URI", "BYTERANGE", " A", "B ", "\tC\t", "A-B_1", "a", "", "A B", "A\"", "É"]
  static let values = [
    "\"init.mp4\"", "\"1024@0\"", "\"a,b\"", "\"\"", "\"open", "x", " 7 ", "\t8", "", "\"q\" ", "\"q\"x",
    "a=b", "1\r", "ü",
  ]

  static func general(_ text: String) -> Result<[HLSAttribute], HLSParseError> {
    Result { () throws(HLSParseError) in
      try HLSAttributeList.parseCharacters(Substring(text), tag: "#T", line: 3)
    }
  }

  static func read(_ text: String) -> Result<[HLSAttribute], HLSParseError> {
    Result { () throws(HLSParseError) in try HLSAttributeList.parse(Substring(text), tag: "#T", line: 3) }
  }

  @Test func attributeListsReadAsOverCharacters() {
    var lists = 0
    for first in Self.names {
      for firstValue in Self.values {
        for second in ["", ",B=2", ", C=\"x\"", ",", ",,", ",D"] {
          let text = "\(first)=\(firstValue)\(second)"
          #expect(Self.read(text) == Self.general(text), "\(text)")
          lists += 1
        }
      }
    }
    #expect(lists > 800)
  }

  @Test func byteRangesReadAsTheGeneralReaderReadsThem() {
    let parts = [
      "", "0", "1", "1024", "000123", "+5", "-5", "999999999999999", "1099511627776", "12345678901234567",
    ]
    for length in parts {
      for at in ["", "@"] {
        for offset in parts + ["@1", " 1", "1 "] {
          let text = length + at + offset
          for following in [nil, 0, 4096] as [Int?] {
            let general = try? HLSByteRange.parse(Substring(text), following: following, tag: "#T", line: 1)
            let bytes = Array(text.utf8).withUnsafeBytes {
              HLSByteRange.parse(HLSBytes($0), following: following)
            }
            // The bytes read a range only when the general reader reads the same one.
            if let bytes { #expect(bytes == general, "\(text)") }
            if general != nil, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x40 }) {
              #expect(bytes == general, "\(text) read from its bytes")
            }
          }
        }
      }
    }
  }

  /// An `#EXT-X-MAP`'s URI made a URL from the directory's text is the URL Foundation resolves.
  @Test(arguments: ReadingShortcutTests.bases + ["file:///tmp/a/b.m3u8", "https://h.example/a//b/x.m3u8"])
  func mapURIsResolveAsFoundationResolvesThem(_ base: String) throws {
    let baseURL = try #require(URL(string: base))
    for text in [
      "init.mp4", "a/b/init.mp4", "../init.mp4", "/init.mp4", "i n.mp4", "https://c.example/i.mp4",
    ] {
      let expected = try #require(URL(string: text, relativeTo: baseURL)?.absoluteURL)
      let url = try HLSParser.resolve(Substring(text), against: baseURL, line: 1)
      #expect(url == expected, "\(text) against \(base)")
      #expect(url.absoluteString == expected.absoluteString)
    }
  }
}
