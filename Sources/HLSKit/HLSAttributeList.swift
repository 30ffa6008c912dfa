/// Reads a tag's attribute list, `NAME=VALUE,NAME="quoted, text",…` (RFC 8216 §4.2).
enum HLSAttributeList {
  /// The attributes in order; `tag` and `line` name the place in errors.
  static func parse(_ text: Substring, tag: String, line: Int) throws(HLSParseError) -> [HLSAttribute] {
    // ASCII text reads from its bytes as it reads here (`ByteReaderTests`); the rest, and what
    // the byte reader leaves (a list not plainly well formed), is read here and words the error.
    var bytes = text
    if let read = bytes.withUTF8({ HLSBytes(UnsafeRawBufferPointer($0)).asciiAttributes }) { return read }
    return try parseCharacters(text, tag: tag, line: line)
  }

  /// `parse(_:tag:line:)` over Characters, whatever the text.
  static func parseCharacters(_ text: Substring, tag: String, line: Int) throws(HLSParseError)
    -> [HLSAttribute]
  {
    var attributes: [HLSAttribute] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard let equals = text[index...].firstIndex(ascii: UInt8(ascii: "=")) else {
        throw HLSParseError(line: line, "\(tag): expected NAME=VALUE, found \"\(text[index...])\"")
      }
      let name = String(text[index..<equals]).trimmingSpaces
      guard !name.isEmpty, name.utf8.allSatisfy(isNameByte) else {
        throw HLSParseError(line: line, "\(tag): expected an attribute name, found \"\(name)\"")
      }
      var cursor = text.index(after: equals)
      let value: String
      if cursor < text.endIndex, text[cursor] == "\"" {
        let opening = text.index(after: cursor)
        guard let closing = text[opening...].firstIndex(ascii: UInt8(ascii: "\"")) else {
          throw HLSParseError(line: line, "\(tag): the quoted value of \(name) has no closing quote")
        }
        value = String(text[opening..<closing])
        cursor = text.index(after: closing)
        while cursor < text.endIndex, text[cursor] == " " { cursor = text.index(after: cursor) }
        if cursor < text.endIndex, text[cursor] != "," {
          throw HLSParseError(line: line, "\(tag): expected a comma after the value of \(name)")
        }
      } else {
        let end = text[cursor...].firstIndex(ascii: UInt8(ascii: ",")) ?? text.endIndex
        value = String(text[cursor..<end]).trimmingSpaces
        guard !value.isEmpty else { throw HLSParseError(line: line, "\(tag): \(name) has no value") }
        cursor = end
      }
      attributes.append(HLSAttribute(name: name, value: value))
      index = cursor < text.endIndex ? text.index(after: cursor) : cursor
    }
    return attributes
  }

  /// An ASCII letter or digit, `-` or `_`: a name of such bytes only is one of such characters only.
  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D || byte == 0x5F
  }
}

extension String {
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}

extension [HLSAttribute] {
  /// The value of the first attribute called `name`.
  func value(_ name: String) -> String? { first { $0.name == name }?.value }
}
