/// An attribute list read from an ASCII line's bytes: what `HLSAttributeList.parse` reads of the
/// same text, made of `String`s only for the names and values kept. `nil` for any list that is
/// not plainly well formed, which the general reader then reads (and words the error of).
extension HLSAttributeList {
  static func parse(_ text: HLSBytes) -> [HLSAttribute]? {
    var attributes: [HLSAttribute] = []
    attributes.reserveCapacity(8)
    var index = 0
    let end = text.count
    while index < end {
      guard let equals = text.firstIndex(of: UInt8(ascii: "="), from: index) else { return nil }
      let name = trimmedSpaces(text, index, equals)
      guard !name.isEmpty, (0..<name.count).allSatisfy({ isNameByte(name[$0]) }) else { return nil }
      var cursor = equals + 1
      let value: HLSBytes
      if cursor < end, text[cursor] == UInt8(ascii: "\"") {
        guard let closing = text.firstIndex(of: UInt8(ascii: "\""), from: cursor + 1) else { return nil }
        value = text.slice(cursor + 1, closing)
        cursor = closing + 1
        while cursor < end, text[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard cursor == end || text[cursor] == UInt8(ascii: ",") else { return nil }
      } else {
        let comma = text.firstIndex(of: UInt8(ascii: ","), from: cursor) ?? end
        value = trimmedSpaces(text, cursor, comma)
        guard !value.isEmpty else { return nil }
        cursor = comma
      }
      attributes.append(HLSAttribute(name: name.text, value: value.text))
      index = cursor < end ? cursor + 1 : cursor
    }
    return attributes
  }

  /// `text[start..<end]` without the spaces and tabs at its ends.
  private static func trimmedSpaces(_ text: HLSBytes, _ start: Int, _ end: Int) -> HLSBytes {
    var first = start
    var last = end
    while first < last, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
    while last > first, text[last - 1] == 0x20 || text[last - 1] == 0x09 { last -= 1 }
    return text.slice(first, last)
  }
}
