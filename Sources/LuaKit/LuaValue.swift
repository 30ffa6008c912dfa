/// A Lua value copied into Swift (or to be pushed into Lua).
///
/// Strings that are valid UTF-8 arrive as `.string`, any other bytes as `.bytes`, so no byte is
/// ever changed. A table whose keys are exactly 1…n arrives as `.array`, one whose keys are all
/// strings as `.dictionary` (an empty table as an empty `.dictionary`), any other as `.table`.
/// Functions stay in Lua and arrive as references; Swift objects arrive as themselves.
public enum LuaValue {
  case `nil`
  case boolean(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case bytes([UInt8])
  case array([LuaValue])
  case dictionary([String: LuaValue])
  case table([LuaTableEntry])
  case function(LuaFunction)
  /// A live Lua table kept by reference (not copied).
  case tableReference(LuaTableReference)
  /// A Swift object bound to Lua as userdata (see `LuaObjectType`).
  case object(AnyObject)

  /// The value as a Swift string, when it is a string (or bytes that are not UTF-8, repaired).
  public var stringValue: String? {
    switch self {
    case .string(let value): return value
    case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
    default: return nil
    }
  }

  /// The value as a number, when it is a number.
  public var numberValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: return nil
    }
  }

  /// The value as an integer, when it is an integer or a float with an exact integer value.
  public var integerValue: Int64? {
    switch self {
    case .integer(let value): return value
    case .number(let value): return Int64(exactly: value)
    default: return nil
    }
  }

  /// The value as a boolean, when it is one.
  public var boolValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// True for `nil`.
  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }

  /// Lua's truth: everything but `nil` and `false`.
  public var isTruthy: Bool {
    switch self {
    case .nil: return false
    case .boolean(let value): return value
    default: return true
    }
  }

  /// The field `key` of a copied table (`.dictionary`, or `.table` with a string key).
  public subscript(key: String) -> LuaValue {
    switch self {
    case .dictionary(let fields): return fields[key] ?? .nil
    case .table(let entries):
      return entries.first { $0.key.stringValue == key && $0.key.isString }?.value ?? .nil
    default: return .nil
    }
  }

  /// The element at a 1-based `index` of a copied array.
  public subscript(index: Int) -> LuaValue {
    guard case .array(let elements) = self, index >= 1, index <= elements.count else { return .nil }
    return elements[index - 1]
  }

  var isString: Bool {
    switch self {
    case .string, .bytes: return true
    default: return false
    }
  }

  /// The bytes of a string, UTF-8 text or not; nil for other values.
  public var byteValue: [UInt8]? {
    switch self {
    case .string(let text): return Array(text.utf8)
    case .bytes(let bytes): return bytes
    default: return nil
    }
  }

  /// Lua's name for the value's type.
  public var typeName: String {
    switch self {
    case .nil: return "nil"
    case .boolean: return "boolean"
    case .integer, .number: return "number"
    case .string, .bytes: return "string"
    case .array, .dictionary, .table, .tableReference: return "table"
    case .function: return "function"
    case .object: return "userdata"
    }
  }
}

/// One key and value of a table that is neither an array nor string-keyed.
public struct LuaTableEntry {
  public var key: LuaValue
  public var value: LuaValue
  public init(key: LuaValue, value: LuaValue) {
    self.key = key
    self.value = value
  }
}

extension LuaValue: Equatable {
  /// Values are equal as Lua would say for scalars; copied tables compare by content; functions,
  /// table references and objects by identity.
  public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
    switch (lhs, rhs) {
    case (.nil, .nil): return true
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): return Double(a) == b
    case (.string(let a), .string(let b)): return a == b
    case (.bytes(let a), .bytes(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.table(let a), .table(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.function(let a), .function(let b)): return a === b
    case (.tableReference(let a), .tableReference(let b)): return a === b
    case (.object(let a), .object(let b)): return a === b
    default: return false
    }
  }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .nil }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: LuaValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, LuaValue)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
