/// An error in JSON text: where it is (byte offset) and what was expected.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// The byte offset in the UTF-8 text.
  public let offset: Int
  /// What went wrong.
  public let message: String
  /// The JSON path of a repeated member's second occurrence (`sources[0].src`); nil for errors
  /// of syntax proper.
  public internal(set) var path: String?

  init(offset: Int, message: String, path: String? = nil) {
    self.offset = offset
    self.message = message
    self.path = path
  }

  /// "JSON syntax error at byte 12: expected ':'", or for a repeated member
  /// `sources[0].src: "src" appears a second time in the same object; expected each name once`.
  public var description: String {
    guard let path else { return "JSON syntax error at byte \(offset): \(message)" }
    return "\(path): \(message)"
  }

  /// The error with `component` (a member name or `[index]`) put in front of its path.
  fileprivate func inside(_ component: String) -> JSONSyntaxError {
    guard let path else { return self }
    var copy = self
    copy.path = path.hasPrefix("[") ? component + path : component + "." + path
    return copy
  }
}

extension JSONValue {
  /// Parses JSON text, keeping object members in their written order. A member named twice in
  /// one object keeps its last value, unless `refusingRepeatedMembers`: then it is an error with
  /// the JSON path of its second occurrence (the user's own files: a second `"plugin"` is a
  /// mistake, not an override).
  public static func parse(
    _ text: String, refusingRepeatedMembers: Bool = false
  ) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.refusesRepeatedMembers = refusingRepeatedMembers
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the value") }
    return value
  }
}

/// A recursive-descent JSON parser over UTF-8 bytes.
private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var refusesRepeatedMembers = false
  private static let maximumDepth = 512

  init(bytes: [UInt8]) { self.bytes = bytes }

  func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, message: message) }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  mutating func expect(_ literal: String, value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    for byte in literal.utf8 {
      guard current == byte else { throw error("expected '\(literal)'") }
      index += 1
    }
    return value
  }

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < Self.maximumDepth else { throw error("nested too deeply") }
    guard let byte = current else { throw error("expected a value, found the end of the text") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", value: .bool(true))
    case UInt8(ascii: "f"): return try expect("false", value: .bool(false))
    case UInt8(ascii: "n"): return try expect("null", value: .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("expected a value")
    }
  }

  mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    var names = Set<String>()
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
      let nameOffset = index
      let key = try parseString()
      if refusesRepeatedMembers && !names.insert(key).inserted {
        throw JSONSyntaxError(
          offset: nameOffset,
          message: "\(JSONValue.string(key).jsonText) appears a second time in the same object; "
            + "expected each name once",
          path: key)
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipWhitespace()
      do {
        object[key] = try parseValue(depth: depth + 1)
      } catch {
        throw error.inside(key)
      }
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current == UInt8(ascii: "}") {
        index += 1
        return .object(object)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      do {
        elements.append(try parseValue(depth: depth + 1))
      } catch {
        throw error.inside("[\(elements.count)]")
      }
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let first = parser.index
      while let byte = parser.current, byte >= 0x30 && byte <= 0x39 { parser.index += 1 }
      return parser.index - first
    }
    let integerStart = index
    guard digits(&self) > 0 else { throw error("expected a digit") }
    if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
      index = integerStart + 1
      throw error("leading zeros are not allowed")
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number out of range")
    }
    return value
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("expected four hex digits") }
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("expected four hex digits")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun(_ parser: JSONParser, into scalars: inout String.UnicodeScalarView) {
      if runStart < parser.index {
        scalars.append(
          contentsOf: String(decoding: parser.bytes[runStart..<parser.index], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      if byte == UInt8(ascii: "\"") {
        flushRun(self, into: &scalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      flushRun(self, into: &scalars)
      index += 1
      guard let escape = current else { throw error("unterminated escape") }
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
          index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          let low = try parseHex4()
          if (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else {
            scalars.append("\u{FFFD}")
            code = low
          }
        }
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: throw error("unknown escape")
      }
      runStart = index
    }
  }
}
