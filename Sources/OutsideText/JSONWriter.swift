import CheckedNumbers

extension JSONValue {
  /// Compact JSON text with members in order; numbers that are whole print without a fraction.
  public var jsonText: String {
    var output = ""
    JSONWriter.write(self, to: &output)
    return output
  }
}

/// Writes JSON text; shared by `JSONValue.jsonText` and the event log.
package enum JSONWriter {
  package static func write(_ value: JSONValue, to output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): writeNumber(number, to: &output)
    case .string(let text): writeString(text, to: &output)
    case .array(let elements):
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        write(element, to: &output)
      }
      output += "]"
    case .object(let object):
      output += "{"
      for (position, member) in object.members.enumerated() {
        if position > 0 { output += "," }
        writeString(member.key, to: &output)
        output += ":"
        write(member.value, to: &output)
      }
      output += "}"
    }
  }

  /// Whole numbers as integers, others as Swift's shortest round-tripping form; JSON has no
  /// infinities or NaN, so those are written as null.
  package static func writeNumber(_ number: Double, to output: inout String) {
    guard number.isFinite else {
      output += "null"
      return
    }
    if abs(number) < 1e15, let whole = Int64.checked(number) {
      output += String(whole)
    } else {
      output += String(number)
    }
  }

  package static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // Runs of bytes that need no escape are appended whole: a long string (a 2 MiB hex payload)
    // must not cost a call per character. Splitting only at ASCII bytes keeps scalars whole.
    let bytes = text.utf8
    var runStart = bytes.startIndex
    var index = runStart
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        index = bytes.index(after: index)
        continue
      }
      output += text[runStart..<index]
      switch byte {
      case UInt8(ascii: "\""): output += "\\\""
      case UInt8(ascii: "\\"): output += "\\\\"
      case UInt8(ascii: "\n"): output += "\\n"
      case UInt8(ascii: "\r"): output += "\\r"
      case UInt8(ascii: "\t"): output += "\\t"
      default:
        let hex = String(byte, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      index = bytes.index(after: index)
      runStart = index
    }
    output += text[runStart..<bytes.endIndex]
    output += "\""
  }
}
