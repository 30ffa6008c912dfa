import LuaKit
import PlayerSeam

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

  func number(_ key: String, as label: String? = nil) throws(ArgumentError) -> Double? {
    guard let value = fields[key], !value.isNil else { return nil }
    guard let number = value.numberValue, number.isFinite else {
      let expected = value.numberValue == nil ? "a number" : "a finite number"
      throw ArgumentError("\(method): init.\(label ?? key) must be \(expected), got \(value.shownInErrors)")
    }
    return number
  }

  func string(_ key: String, as label: String? = nil) throws(ArgumentError) -> String? {
    guard let value = fields[key], !value.isNil else { return nil }
    let name = label ?? key
    switch value {
    case .string(let text): return text
    case .bytes: throw ArgumentError("\(method): init.\(name) must be UTF-8 text, and the string is not")
    default: throw ArgumentError("\(method): init.\(name) must be a string, got \(value.typeName)")
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

  /// `companions`: a list of THEOplayer `CompanionAd` tables (`adSlotId`, `altText`,
  /// `clickThrough`, `resourceURI`, `contentHTML`, `width`, `height`; other keys, such as a VAST
  /// companion's, are ignored).
  func companions() throws(ArgumentError) -> [CompanionAd]? {
    guard let value = fields["companions"], !value.isNil else { return nil }
    let elements: [LuaValue]
    switch value {
    case .array(let list): elements = list
    case .dictionary(let table) where table.isEmpty: elements = []
    default: throw ArgumentError("\(method): init.companions must be a list of tables, got \(value.typeName)")
    }
    var result: [CompanionAd] = []
    for (index, element) in elements.enumerated() {
      let reader: InitReader
      do {
        reader = try InitReader(element, method: method)
      } catch {
        throw ArgumentError(
          "\(method): init.companions[\(index + 1)] must be a table, got \(element.typeName)")
      }
      let field = { (name: String) in "companions[\(index + 1)].\(name)" }
      result.append(
        CompanionAd(
          adSlotId: try reader.string("adSlotId", as: field("adSlotId")),
          altText: try reader.string("altText", as: field("altText")),
          clickThrough: try reader.string("clickThrough", as: field("clickThrough")),
          resourceURI: try reader.string("resourceURI", as: field("resourceURI")),
          contentHTML: try reader.string("contentHTML", as: field("contentHTML")),
          width: try reader.number("width", as: field("width")),
          height: try reader.number("height", as: field("height"))))
    }
    return result
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
    result.companions = try companions()
    result.customData = try json("customData")
    return result
  }
}
