import CheckedNumbers

/// Bridges to `[String: Any]` dictionaries, for the WebKit helper's protocol lines, whose call
/// sites build and read them as Swift dictionaries: the text itself is always read and written
/// by the JSON module.
extension JSONValue {
  /// A JSON value of Swift values: strings, Booleans, integers, doubles, arrays, `[String: Any]`
  /// (members sorted by name, so a line's text does not depend on a dictionary's order); nil for
  /// anything else, or a number that is not finite.
  public init?(any value: Any) {
    switch value {
    case let text as String: self = .string(text)
    case let flag as Bool: self = .bool(flag)
    case let number as Int: self = .number(Double(number))
    case let number as Double:
      guard number.isFinite else { return nil }
      self = .number(number)
    case let elements as [Any]:
      var converted: [JSONValue] = []
      for element in elements {
        guard let json = JSONValue(any: element) else { return nil }
        converted.append(json)
      }
      self = .array(converted)
    case let object as [String: Any]:
      var members: [(key: String, value: JSONValue)] = []
      for key in object.keys.sorted() {
        guard let member = object[key], let json = JSONValue(any: member) else { return nil }
        members.append((key, json))
      }
      self = .object(JSONObject(members))
    default: return nil
    }
  }

  /// The value as Swift values: whole numbers that fit as `Int`, other numbers as `Double`,
  /// objects as `[String: Any]`, null as `nil` inside an `Optional<Any>`.
  public var anyValue: Any {
    switch self {
    case .null: return Optional<Any>.none as Any
    case .bool(let flag): return flag
    case .number(let number): return Int.checked(number) ?? number
    case .string(let text): return text
    case .array(let elements): return elements.map(\.anyValue)
    case .object(let object):
      var dictionary: [String: Any] = [:]
      for member in object { dictionary[member.key] = member.value.anyValue }
      return dictionary
    }
  }
}
