import AdPlayer
import CheckedNumbers
import LuaKit

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
      var object = JSONObject()
      for entry in entries {
        guard let key = entry.key.stringValue ?? entry.key.integerValue.map({ String($0) }) else {
          throw LuaJSONError(path: path, message: "a \(entry.key.typeName) key cannot be a JSON object key")
        }
        object[key] = try json(
          entry.value, path: "\(path).\(key)", repairingText: repairingText, isNull: isNull)
      }
      return .object(object)
    case .function, .tableReference, .object:
      throw LuaJSONError(path: path, message: "a \(value.typeName) cannot be written as JSON")
    }
  }
}

/// A Lua value that JSON cannot hold, and where it is.
struct LuaJSONError: Error, CustomStringConvertible {
  let path: String
  let message: String
  var description: String { "\(path): \(message)" }
}
