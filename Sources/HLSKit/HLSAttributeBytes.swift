/// An attribute list read from an ASCII line's bytes: what `HLSAttributeList.parse` reads of the
/// same text, made of `String`s only for the names and values kept. `nil` for any list that is
/// not plainly well formed, which the general reader then reads (and words the error of).
extension HLSAttributeList {
  static func parse(_ text: HLSBytes) -> [HLSAttribute]? {
    var attributes: [HLSAttribute] = []
    attributes.reserveCapacity(12)
    var index = 0
    let end = text.count
    while index < end {
      // `[ \t]* NAME [ \t]* =`: what the general reader takes up to the first `=`, trimmed.
      var cursor = index
      while cursor < end, isSpaceOrTab(text[cursor]) { cursor += 1 }
      let nameStart = cursor
      while cursor < end, isNameByte(text[cursor]) { cursor += 1 }
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
      attributes.append(
        HLSAttribute(name: HLSAttributeName.text(text.slice(nameStart, nameEnd)), value: asciiText(value)))
      index = cursor < end ? cursor + 1 : cursor
    }
    return attributes
  }

  /// The text of ASCII bytes: up to 15 are a small `String`, made without a UTF-8 check.
  static func asciiText(_ bytes: HLSBytes) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { out in
      UnsafeMutableRawBufferPointer(out).copyMemory(from: bytes.buffer)
      return bytes.count
    }
  }

  private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}

extension HLSBytes {
  /// `HLSAttributeList.parse` of the bytes when they are all ASCII.
  var asciiAttributes: [HLSAttribute]? {
    guard isASCII else { return nil }
    return HLSAttributeList.parse(self)
  }
}
