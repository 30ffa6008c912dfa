import CheckedNumbers
import LuaKit
import PlayerSeam

/// Converts between JSON values (the source model, `customData`) and Lua values.
///
/// JSON numbers that are whole and fit become Lua integers, so `10` stays `10` in Lua rather than
/// `10.0`. JSON `null` becomes `json.null` inside arrays and objects (so positions and keys are
/// kept) and `nil` at the top level.
enum LuaJSON {
  /// The Lua value of a JSON value; `null` becomes `nullValue`.
  static func lua(_ json: JSONValue, null nullValue: LuaValue) -> LuaValue {
    switch json {
    case .null: return nullValue
    case .bool(let flag): return .boolean(flag)
    case .number(let number):
      if abs(number) < 9.007_199_254_740_992e15, let whole = Int64.checked(number) { return .integer(whole) }
      return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map { lua($0, null: nullValue) })
    case .object(let object):
      var fields: [String: LuaValue] = [:]
      for member in object { fields[member.key] = lua(member.value, null: nullValue) }
      return .dictionary(fields)
    }
  }

  /// The JSON value of a Lua value, or an error naming the path of what JSON cannot hold: a
  /// string that is not UTF-8 too, unless `repairingText` (for display: such bytes become U+FFFD).
  /// `isNull` recognises the `json.null` sentinel.
  static func json(
    _ value: LuaValue, path: String = "value", repairingText: Bool = false,
    isNull: (LuaValue) -> Bool = { _ in false }
  ) throws(LuaJSONError) -> JSONValue {
    if isNull(value) { return .null }
    switch value {
    case .nil: return .null
    case .boolean(let flag): return .bool(flag)
    case .integer(let number): return .number(Double(number))
    case .number(let number):
      guard number.isFinite else { throw LuaJSONError(path: path, message: "\(number) is not a JSON number") }
      return .number(number)
    case .string(let text): return .string(text)
    case .bytes(let bytes):
      guard repairingText else {
        throw LuaJSONError(path: path, message: "the string is not UTF-8 text, which JSON needs")
      }
      return .string(String(decoding: bytes, as: UTF8.self))
    case .array(let elements):
      var result: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        result.append(
          try json(element, path: "\(path)[\(index + 1)]", repairingText: repairingText, isNull: isNull))
      }
      return .array(result)
    case .dictionary(let fields):
      var object = JSONObject()
      for key in fields.keys.sorted() {
        object[key] = try json(
          fields[key] ?? .nil, path: "\(path).\(key)", repairingText: repairingText, isNull: isNull)
      }
      return .object(object)
    case .table(let entries):
      // Keys in JSON order (sorted), each from exactly one Lua key: [1] and ["1"] would collide.
      var keyed: [String: LuaTableEntry] = [:]
      for entry in entries {
        let key = try objectKey(entry.key, path: path, repairingText: repairingText)
        if let other = keyed[key] {
          let names = [luaKey(other.key), luaKey(entry.key)].sorted()
          throw LuaJSONError(
            path: path, message: "the keys \(names[0]) and \(names[1]) would both be the JSON key \"\(key)\"")
        }
        keyed[key] = entry
      }
      var object = JSONObject()
      for key in keyed.keys.sorted() {
        object[key] = try json(
          keyed[key]?.value ?? .nil, path: "\(path).\(key)", repairingText: repairingText, isNull: isNull)
      }
      return .object(object)
    case .function, .tableReference, .object:
      throw LuaJSONError(path: path, message: "a \(value.typeName) cannot be written as JSON")
    }
  }
}

extension LuaJSON {
  /// The JSON object key for a Lua key: a string that is UTF-8 text, or an integer.
  fileprivate static func objectKey(_ key: LuaValue, path: String, repairingText: Bool) throws(LuaJSONError)
    -> String
  {
    switch key {
    case .string(let text): return text
    case .bytes(let bytes):
      guard repairingText else {
        throw LuaJSONError(path: path, message: "the key \(luaKey(key)) is not UTF-8 text, which JSON needs")
      }
      return String(decoding: bytes, as: UTF8.self)
    default:
      guard let number = key.integerValue else {
        throw LuaJSONError(path: path, message: "a \(key.typeName) key cannot be a JSON object key")
      }
      return String(number)
    }
  }

  /// A key as Lua code writes it: `[1]`, `["1"]`, `["\xFF"]` (bytes that are not printable ASCII
  /// as escapes).
  fileprivate static func luaKey(_ key: LuaValue) -> String {
    guard let bytes = key.byteValue else { return "[\(LuaValue.describe(key))]" }
    var text = ""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
      case 0x20..<0x7F: text.append(Character(UnicodeScalar(byte)))
      default: text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return "[\"\(text)\"]"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

/// A Lua value that JSON cannot hold, and where it is.
struct LuaJSONError: Error, CustomStringConvertible {
  let path: String
  let message: String
  var description: String { "\(path): \(message)" }
}
