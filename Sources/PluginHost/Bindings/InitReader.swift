import AdPlayer
import LuaKit

/// A Lua argument that is not what a method takes; the message names the method and the field.
struct ArgumentError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Reads `AdInit` and `AdBreakInit` tables, naming the method and field of anything wrong.
struct InitReader {
  let method: String
  let fields: [String: LuaValue]

  init(_ value: LuaValue, method: String, argument: String = "init") throws(ArgumentError) {
    self.method = method
    switch value {
    case .dictionary(let fields): self.fields = fields
    case .array(let elements) where elements.isEmpty: self.fields = [:]
    default: throw ArgumentError("\(method): \(argument) must be a table, got \(value.typeName)")
    }
  }

  func number(_ key: String) throws(ArgumentError) -> Double? {
    guard let value = fields[key], !value.isNil else { return nil }
    guard let number = value.numberValue, number.isFinite else {
      let expected = value.numberValue == nil ? "a number" : "a finite number"
      throw ArgumentError("\(method): init.\(key) must be \(expected), got \(value.shownInErrors)")
    }
    return number
  }

  func string(_ key: String) throws(ArgumentError) -> String? {
    guard let value = fields[key], !value.isNil else { return nil }
    switch value {
    case .string(let text): return text
    case .bytes: throw ArgumentError("\(method): init.\(key) must be UTF-8 text, and the string is not")
    default: throw ArgumentError("\(method): init.\(key) must be a string, got \(value.typeName)")
    }
  }

  func boolean(_ key: String) throws(ArgumentError) -> Bool? {
    guard let value = fields[key], !value.isNil else { return nil }
    guard let flag = value.boolValue else {
      throw ArgumentError("\(method): init.\(key) must be a boolean, got \(value.typeName)")
    }
    return flag
  }

  func json(_ key: String) throws(ArgumentError) -> JSONValue? {
    guard let value = fields[key], !value.isNil else { return nil }
    do {
      return try LuaJSON.json(value, path: "init.\(key)") { value in
        if case .object(let object) = value { return object is JSONNull }
        return false
      }
    } catch {
      throw ArgumentError("\(method): \(error)")
    }
  }

  /// An `AdBreakInit`; `timeOffset` required when `requireOffset`.
  func adBreakInit(requireOffset: Bool) throws(ArgumentError) -> AdBreakInit {
    let offset = try number("timeOffset")
    if requireOffset && offset == nil { throw ArgumentError("\(method): init.timeOffset is required") }
    return AdBreakInit(
      timeOffset: offset, maxDuration: try number("maxDuration"), customData: try json("customData"))
  }

  /// An `AdInit`; `type` (`linear` or `nonlinear`) required when `requireType`.
  func adInit(requireType: Bool) throws(ArgumentError) -> AdInit {
    var result = AdInit()
    if let typeName = try string("type") {
      guard let type = AdType(rawValue: typeName) else {
        throw ArgumentError("\(method): init.type must be \"linear\" or \"nonlinear\", got \"\(typeName)\"")
      }
      result.type = type
    } else if requireType {
      throw ArgumentError("\(method): init.type is required (\"linear\" or \"nonlinear\")")
    }
    result.timeOffset = try number("timeOffset")
    result.id = try string("id")
    result.duration = try number("duration")
    result.skipOffset = try number("skipOffset")
    result.resourceURI = try string("resourceURI")
    result.clickThrough = try string("clickThrough")
    result.width = try number("width")
    result.height = try number("height")
    result.creativeId = try string("creativeId")
    result.adSystem = try string("adSystem")
    result.isSlate = try boolean("isSlate")
    result.customData = try json("customData")
    return result
  }
}
