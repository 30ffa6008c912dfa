/// A JSON value: what the source model keeps for fields it does not know, what ads carry as
/// `customData`, and what the Lua bridge converts tables to and from.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A finite number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in order.
  case object(JSONObject)

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number, if this is a number.
  public var numberValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The Boolean, if this is a Boolean.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The member named `key`, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// How the value is named in error messages: "a string", "an object", …
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a Boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A JSON object that keeps its members in the order they were written or added.
public struct JSONObject: Equatable, Sendable, Sequence {
  /// The members in order.
  public private(set) var members: [(key: String, value: JSONValue)]

  /// An object with these members; a repeated key keeps its last value, in its first position.
  public init(_ members: [(key: String, value: JSONValue)] = []) {
    self.members = []
    for member in members { self[member.key] = member.value }
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The value of a member; setting `nil` removes it, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { members.first(where: { $0.key == key })?.value }
    set {
      let index = members.firstIndex(where: { $0.key == key })
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append((key, value))
      case (nil, nil): break
      }
    }
  }

  /// Iterates the members in order.
  public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
    members.makeIterator()
  }

  /// Two objects are equal when they have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}

extension JSONValue: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
  }

  /// Decodes any JSON value; object member order is whatever the decoder reports.
  public init(from decoder: Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: Key.self) {
      var object = JSONObject()
      for key in keyed.allKeys {
        object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
      }
      self = .object(object)
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let value = try? single.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? single.decode(Double.self) {
        self = .number(value)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  /// Encodes the value; objects are written member by member in order.
  public func encode(to encoder: Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .number(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let elements):
      var unkeyed = encoder.unkeyedContainer()
      for element in elements { try unkeyed.encode(element) }
    case .object(let object):
      var keyed = encoder.container(keyedBy: Key.self)
      for member in object { try keyed.encode(member.value, forKey: Key(stringValue: member.key)) }
    }
  }
}
