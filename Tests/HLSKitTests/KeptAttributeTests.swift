import Foundation
import Testing

@testable import HLSKit

/// A variant keeps its `#EXT-X-STREAM-INF` list as one `String` and makes its attributes when
/// they are read (`HLSKeptAttributes`, `HLSStreamInf`): the walk of the list's bytes reads what
/// the reader before it read (kept below as it was), and a variant gives the attributes, the
/// bandwidth and the resolution the whole list gives.
@Suite struct KeptAttributeTests {
  /// The byte reader of attribute lists before `HLSAttributeList.forEach`, as it was.
  static func reference(_ text: HLSBytes) -> [HLSAttribute]? {
    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var attributes: [HLSAttribute] = []
    var index = 0
    let end = text.count
    while index < end {
      var cursor = index
      while cursor < end, isSpaceOrTab(text[cursor]) { cursor += 1 }
      let nameStart = cursor
      while cursor < end, HLSAttributeList.isNameByte(text[cursor]) { cursor += 1 }
      let nameEnd = cursor
      while cursor < end, isSpaceOrTab(text[cursor]) { cursor += 1 }
      guard nameEnd > nameStart, cursor < end, text[cursor] == UInt8(ascii: "=") else { return nil }
      cursor += 1
      let value: HLSBytes
      if cursor < end, text[cursor] == UInt8(ascii: "\"") {
        guard let closing = text.firstIndex(of: UInt8(ascii: "\""), from: cursor + 1) else { return nil }
        value = text.slice(cursor + 1, closing)
        cursor = closing + 1
        while cursor < end, text[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor == end || text[cursor] == UInt8(ascii: ",") else { return nil }
      } else {
        var comma = cursor
        while comma < end, text[comma] != UInt8(ascii: ",") { comma += 1 }
        var first = cursor
        var last = comma
        while first < last, isSpaceOrTab(text[first]) { first += 1 }
        while last > first, isSpaceOrTab(text[last - 1]) { last -= 1 }
        guard last > first else { return nil }
        value = text.slice(first, last)
        cursor = comma
      }
      attributes.append(HLSAttribute(name: text.slice(nameStart, nameEnd).text, value: value.text))
      index = cursor < end ? cursor + 1 : cursor
    }
    return attributes
  }

  static func bytes<Result>(_ text: String, _ body: (HLSBytes) -> Result) -> Result {
    Array(text.utf8).withUnsafeBytes { body(HLSBytes($0)) }
  }

  /// Lists made of pieces that every branch of the walk turns on, in a fixed pseudo-random order.
  static func generatedLists(count: Int) -> [String] {
    let pieces = [
      "BANDWIDTH", "RESOLUTION", "AVERAGE-BANDWIDTH", "A", "a_1", "=", "=", "\"", ",", ",", " ", "\t",
      "1280x720", "365000", "+5", "-1", "99999999999999999999", "\"avc1.64001f,mp4a.40.2\"", "x", "\r", "~",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var lists: [String] = []
    for _ in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var list = ""
      for round in 0..<Int(truncatingIfNeeded: state >> 60) + 1 {
        let pick = Int(truncatingIfNeeded: (state >> UInt64(truncatingIfNeeded: (round * 5) % 55)) & 0xFF)
        list += pieces[pick % pieces.count]
      }
      lists.append(list)
    }
    return lists
  }

  static let listed = [
    "BANDWIDTH=365000,CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=416x234,AUDIO=\"aac\"",
    "BANDWIDTH=730000 , RESOLUTION=640x360", "BANDWIDTH=\"1100000\"", "BANDWIDTH=-5", "BANDWIDTH=+7",
    "BANDWIDTH=99999999999999999999", "RESOLUTION=1x1,BANDWIDTH=1,BANDWIDTH=2,RESOLUTION=2x2",
    " BANDWIDTH = 12 ,", "BANDWIDTH=1,", "BANDWIDTH=", "=1", "BANDWIDTH=\"1", "BANDWIDTH=\"1\"x", "",
    "AVERAGE-BANDWIDTH=900,BANDWIDTH=1000", "BANDWIDTH=0", "BANDWIDTH=1 2", "X-TIMELINE-STYLE=\"a\"",
  ]

  @Test func theWalkReadsAsTheReaderBefore() {
    var read = 0
    for list in Self.listed + Self.generatedLists(count: 20_000) {
      let now = Self.bytes(list) { HLSAttributeList.parse($0) }
      let before = Self.bytes(list) { Self.reference($0) }
      #expect(now == before, "\(list)")
      if now != nil { read += 1 }
    }
    #expect(read > 500)
  }

  @Test func nameBytesAreKnownInWordsAsOneByOne() {
    for byte in UInt8.min...UInt8.max {
      #expect(HLSAttributeList.isNameByteInWords(byte) == HLSAttributeList.isNameByte(byte), "\(byte)")
    }
  }

  /// A tag read from its bytes has what the whole list read over Characters gives.
  @Test func aStreamInfReadFromBytesIsTheWholeList() throws {
    for list in Self.listed + Self.generatedLists(count: 20_000) {
      guard let fromBytes = Self.bytes(list, { HLSStreamInf(asciiList: $0) }) else { continue }
      let attributes = try HLSAttributeList.parseCharacters(Substring(list), tag: "#T", line: 1)
      let whole = HLSStreamInf(attributes)
      #expect(fromBytes.attributes.attributes == attributes, "\(list)")
      #expect(fromBytes.attributes == whole.attributes, "\(list)")
      #expect(fromBytes.bandwidth == whole.bandwidth, "\(list)")
      #expect(fromBytes.resolution == whole.resolution, "\(list)")
    }
  }

  static let base = URL(string: "https://origin.example.com/channel/index.m3u8")

  /// A variant read from bytes equals the one read over Characters; its attributes read, set and
  /// compared as the stored array's did.
  @Test func variantsKeepTheirAttributes() throws {
    let base = try #require(Self.base)
    let text =
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=365000,CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=416x234\n"
      + "video/234p.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=730000 , NAME=\"Français\"\nvideo/360p.m3u8\n"
    guard case .multivariant(let bytes) = try HLSParser.parse(Data(text.utf8), url: base),
      case .multivariant(let general) = try HLSParser.parse(text, url: base, readsEveryLineAsText: true)
    else {
      Issue.record("not a multivariant playlist")
      return
    }
    #expect(bytes == general)
    var variant = try #require(bytes.variants.first)
    #expect(
      variant.attributes == [
        HLSAttribute(name: "BANDWIDTH", value: "365000"),
        HLSAttribute(name: "CODECS", value: "avc1.64001f,mp4a.40.2"),
        HLSAttribute(name: "RESOLUTION", value: "416x234"),
      ])
    #expect(bytes.variants.last?.attributes.last == HLSAttribute(name: "NAME", value: "Français"))
    #expect(variant.uri == "https://origin.example.com/channel/video/234p.m3u8")
    let before = variant
    variant.attributes.append(HLSAttribute(name: "X", value: "1"))
    #expect(variant != before)
    #expect(variant.attributes.count == 4)
    variant.attributes.removeLast()
    #expect(variant == before)
    variant.attributes[0].value = "1"
    #expect(variant.attributes.first?.value == "1")
    #expect(variant != before)
  }
}
