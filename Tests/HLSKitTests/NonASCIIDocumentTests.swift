import Foundation
import Testing

@testable import HLSKit

/// A document that is not all ASCII (a multivariant playlist naming `Français`) is read with the
/// lines' ASCII known from where the next byte that is not is, its tag lines that no reading reads
/// passed over by their first bytes, the multivariant reading started at the first
/// `#EXT-X-STREAM-INF` when nothing before it counts, and tags known by their bytes: each read
/// as the general reader reads it over Characters from the top (`ByteReaderTests.read`).
@Suite struct NonASCIIDocumentTests {
  static let lines = [
    "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aac\",NAME=\"Français\",URI=\"audio/fr.m3u8\"",
    "#EXT-X-MEDIA:TYPE=AUDIO,NAME=\"English\"", "#EXT-X-FOO:é", "#EXT-X-FOO\u{301}:x é",
    "#\u{301}EXT-X-MEDIA:é",
    "#EXTINFé:1", "#EXTINFX:1,é", "#EXT-X-STREAM-INFX:é", "#EXTINF:6,é", "#EXTINF:6,", "é.ts", "a.ts",
    "#EXT-X-STREAM-INF:BANDWIDTH=1,NAME=\"é\"",
    "#EXT-X-STREAM-INF:BANDWIDTH=2", "#EXT-X-STREAM-INFé:BANDWIDTH=3", "v.m3u8", "ü/v.m3u8",
    "#EXT-X-TARGETDURATION:6", "#EXT-X-MAP:URI=\"é.mp4\"", " #EXT-X-MEDIA:é", "\u{FEFF}#EXT-X-MEDIA:é",
    "#EXT-X-MEDIAé", "#:é", "# comment é", "#EXT-X-ENDLIST:é", "#EXT-X-ENDLIST", "#EXT-X-MAP:é",
    "#EXT-X-DATERANGE:ID=\"é\",START-DATE=\"2026-11-29T00:00:00Z\"", "#EXT-X-VERSION:6", "",
    "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T00:00:00Zé", "#EXT-X-MEDIA:é\r", "#EXT-X-X:\u{301}",
  ]

  /// Playlists of those lines in a fixed pseudo-random order, most of them starting with `#EXTM3U`.
  static func documents(count: Int) -> [String] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var documents: [String] = []
    for index in 0..<count {
      var picked: [String] = index % 16 == 0 ? [] : ["#EXTM3U"]
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var bits = state
      for _ in 0..<(Int(truncatingIfNeeded: bits >> 60) % 10 + 1) {
        picked.append(lines[Int(truncatingIfNeeded: bits % UInt64(lines.count))])
        bits = bits / UInt64(lines.count) | (state << 40)
      }
      documents.append(picked.joined(separator: index % 3 == 0 ? "\r\n" : "\n"))
    }
    return documents
  }

  @Test func documentsReadAsTheirText() {
    var multivariant = 0
    var media = 0
    for text in Self.documents(count: 6_000) {
      let bytes = ByteReaderTests.read(text, asText: false)
      #expect(bytes == ByteReaderTests.read(text, asText: true), "\(text)")
      switch bytes {
      case .success(.multivariant): multivariant += 1
      case .success(.media): media += 1
      case .failure: break
      }
    }
    #expect(multivariant > 100)
    #expect(media > 100)
  }

  /// The multivariant reading started at the first variant reads what a reading from the top reads:
  /// a line before it of each kind, with or without `#EXTINF` (which makes the reading go back to
  /// the top).
  @Test func variantsAfterOtherLinesReadAsFromTheTop() {
    let variant = "#EXT-X-STREAM-INF:BANDWIDTH=2,RESOLUTION=2x2\nv.m3u8\n"
    for before in Self.lines + ["#EXTINF:6,\na.ts", "x.ts", "#EXTINF", "#EXT-X-STREAM-INF:BANDWIDTH=1"] {
      for text in ["#EXTM3U\n\(before)\n\(variant)", "#EXTM3U\n\(before)\n\(variant)é.m3u8\n"] {
        #expect(
          ByteReaderTests.read(text, asText: false) == ByteReaderTests.read(text, asText: true), "\(text)")
      }
    }
  }

  /// The tag names as the general reader's `switch` compared them, over Characters.
  static func reference(_ tag: Substring) -> HLSTagName? {
    switch tag {
    case "#EXTINF": .extinf
    case "#EXT-X-TARGETDURATION": .targetDuration
    case "#EXT-X-MEDIA-SEQUENCE": .mediaSequence
    case "#EXT-X-ENDLIST": .endList
    case "#EXT-X-PLAYLIST-TYPE": .playlistType
    case "#EXT-X-DISCONTINUITY": .discontinuity
    case "#EXT-X-BYTERANGE": .byteRange
    case "#EXT-X-MAP": .map
    case "#EXT-X-PROGRAM-DATE-TIME": .programDateTime
    case "#EXT-X-DATERANGE": .dateRange
    case "#EXT-X-CUE-OUT": .cueOut
    case "#EXT-X-CUE-OUT-CONT": .cueOutContinued
    case "#EXT-X-CUE-IN": .cueIn
    default: nil
    }
  }

  @Test func tagsAreKnownByTheirBytesAsByTheirCharacters() {
    let names = [
      "#EXTINF", "#EXT-X-TARGETDURATION", "#EXT-X-MEDIA-SEQUENCE", "#EXT-X-ENDLIST", "#EXT-X-PLAYLIST-TYPE",
      "#EXT-X-DISCONTINUITY", "#EXT-X-BYTERANGE", "#EXT-X-MAP", "#EXT-X-PROGRAM-DATE-TIME",
      "#EXT-X-DATERANGE",
      "#EXT-X-CUE-OUT", "#EXT-X-CUE-OUT-CONT", "#EXT-X-CUE-IN", "#EXT-X-MEDIA", "#EXT-X-VERSION", "",
    ]
    // Characters that decompose to ASCII (Kelvin sign, Greek question mark, varia), combining
    // marks, and others.
    let others = ["\u{212A}", "\u{037E}", "\u{1FEF}", "\u{301}", "\u{0600}", "é", "x", "-", "\u{FEFF}"]
    var tried = 0
    for name in names {
      var texts = [name, String(name.dropLast()), name.lowercased()]
      for other in others {
        texts += [name + other, other + name]
        for index in name.indices {
          var changed = name
          changed.replaceSubrange(index...index, with: other)
          texts.append(changed)
          texts.append(String(name[..<index]) + other + String(name[index...]))
        }
      }
      for text in texts {
        #expect(
          HLSTagName(text: Substring(text)) == Self.reference(Substring(text)), "\(text.unicodeScalars)")
        tried += 1
      }
    }
    #expect(tried > 4_000)
  }

  @Test func theFirstByteThatIsNotASCIIIsFound() {
    for count in 0..<40 {
      for place in 0...count {
        var bytes = [UInt8](repeating: 0x41, count: count)
        if place < count { bytes[place] = 0xC3 }
        for start in 0...count {
          let found = bytes.withUnsafeBytes { HLSBytes($0).firstNonASCII(from: start) }
          let expected = place >= start ? place : count
          #expect(found == (place < count ? expected : count), "\(count) \(place) \(start)")
        }
      }
    }
  }
}
