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
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
