import AdPlayer
import Foundation
import LuaKit
import PlayerSeam

/// Lua values as text for people (`readable`) and for programs (`json`).
enum LuaValueFormat {
  /// A compact Lua-like rendering: strings quoted, tables in braces, keys sorted.
  static func readable(_ value: LuaValue) -> String {
    switch value {
    case .nil: return "nil"
    case .boolean(let flag): return String(flag)
    case .integer(let number): return String(number)
    case .number(let number):
      return number == number.rounded() && abs(number) < 1e15
        ? String(format: "%.1f", number) : String(number)
    case .string(let text): return quoted(text)
    case .bytes(let bytes): return "\"" + bytes.map { String(format: "\\x%02x", $0) }.joined() + "\""
    case .array(let elements): return "{" + elements.map(readable).joined(separator: ", ") + "}"
    case .dictionary(let fields):
      return "{"
        + fields.keys.sorted().map { "\($0) = \(readable(fields[$0] ?? .nil))" }.joined(separator: ", ") + "}"
    case .table(let entries):
      return "{" + entries.map { "[\(readable($0.key))] = \(readable($0.value))" }.joined(separator: ", ")
        + "}"
    case .function: return "function"
    case .tableReference: return "table"
    case .object(let object): return String(describing: type(of: object))
    }
  }

  /// JSON: arrays and string-keyed tables map directly; other keys become strings; functions
  /// and userdata become null.
  static func json(_ value: LuaValue) -> String {
    switch value {
    case .nil, .function, .tableReference, .object: return "null"
    case .boolean(let flag): return String(flag)
    case .integer(let number): return String(number)
    case .number(let number): return number.isFinite ? String(number) : "null"
    case .string(let text): return quoted(text)
    case .bytes(let bytes): return quoted(String(decoding: bytes, as: UTF8.self))
    case .array(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
    case .dictionary(let fields):
      return "{"
        + fields.keys.sorted().map { quoted($0) + ":" + json(fields[$0] ?? .nil) }.joined(separator: ",")
        + "}"
    case .table(let entries):
      return "{" + entries.map { quoted(readable($0.key)) + ":" + json($0.value) }.joined(separator: ",")
        + "}"
    }
  }

  /// A JSON string literal (also how strings read in the readable form).
  static func quoted(_ text: String) -> String { JSONValue.string(text).jsonText }
}
