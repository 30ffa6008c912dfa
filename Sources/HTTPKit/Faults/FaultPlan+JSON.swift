import CheckedNumbers
import Foundation
import OutsideText

/// Why a fault plan cannot be used: names the file, the JSON path and what was expected.
public struct FaultPlanError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The plan's file (or the scenario holding it).
  public let file: String
  /// The JSON path, such as `rules[0].fault`; empty for the whole file.
  public let path: String
  /// What was expected.
  public let message: String

  /// `file path: message`.
  public var description: String { "\(file)\(path.isEmpty ? "" : " " + path): \(message)" }
}

extension FaultPlan {
  /// The fault names a rule's `fault` takes, and the member each needs.
  static let faultNames: [(name: String, parameter: String?)] = [
    ("delay", "seconds"), ("timeout", nil), ("refuse", nil), ("reset", nil), ("status", "status"),
    ("emptyBody", nil), ("truncate", "bytes"), ("slowBody", "bytesPerSecond"), ("corrupt", nil),
    ("contentType", "contentType"),
  ]
  static let ruleMembers: Set<String> = [
    "description", "url", "kind", "method", "fault", "seconds", "status", "bytes", "bytesPerSecond",
    "contentType", "nth", "first",
  ]

  /// Reads the plan in `file` (`{"rules": [{"kind": "beacon", "fault": "refuse", "first": 1}, …]}`);
  /// a member named twice in one object is refused.
  public init(file: String) throws(FaultPlanError) {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw FaultPlanError(file: file, path: "", message: "cannot read the fault plan")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw FaultPlanError(file: file, path: "", message: "not valid JSON: not UTF-8 text")
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      guard let path = error.path else {
        throw FaultPlanError(file: file, path: "", message: "not valid JSON: \(error)")
      }
      throw FaultPlanError(file: file, path: path, message: error.message)
    }
    try self.init(json: value, file: file, at: "")
  }

  /// Reads a plan from parsed JSON found in `file` at the JSON path `at` (a scenario's `faults`).
  public init(json: JSONValue, file: String, at root: String) throws(FaultPlanError) {
    do throws(JSONPathError) {
      let plan = try JSONReader(json, path: root)
      try plan.refuseUnknownMembers(except: ["description", "rules"])
      guard let rules = plan.value("rules")?.arrayValue else {
        throw JSONPathError(path: plan.path("rules"), expectation: "expected an array of rules")
      }
      var parsed: [FaultRule] = []
      for (index, rule) in rules.enumerated() {
        parsed.append(try Self.rule(JSONReader(rule, path: elementPath(plan.path("rules"), index))))
      }
      self.init(rules: parsed)
    } catch {
      throw FaultPlanError(file: file, path: error.path, message: error.expectation)
    }
  }

  private static func rule(_ reader: JSONReader) throws(JSONPathError) -> FaultRule {
    try reader.refuseUnknownMembers(except: ruleMembers)
    let kindText = try reader.string("kind")
    let kind = kindText.flatMap(RequestKind.init(rawValue:))
    if let kindText, kind == nil {
      let names = RequestKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw JSONPathError(
        path: reader.path("kind"), expectation: "expected one of \(names), got \"\(kindText)\"")
    }
    var rule = FaultRule(
      url: try reader.string("url"), kind: kind, method: try reader.string("method")?.uppercased(),
      fault: try fault(reader), nth: try count(reader, "nth"), first: try count(reader, "first"))
    if rule.nth != nil && rule.first != nil {
      throw JSONPathError(path: reader.path("first"), expectation: "give nth or first, not both")
    }
    if let url = rule.url, url.isEmpty { rule.url = nil }
    return rule
  }

  private static func count(_ reader: JSONReader, _ member: String) throws(JSONPathError) -> Int? {
    guard let number = try reader.number(member) else { return nil }
    guard let whole = Int.checked(number), whole >= 1, whole <= 1 << 31 else {
      throw JSONPathError(
        path: reader.path(member), expectation: "expected a whole number from 1, got \(Fault.number(number))")
    }
    return whole
  }

  private static func fault(_ reader: JSONReader) throws(JSONPathError) -> Fault {
    let names = faultNames.map(\.name).joined(separator: ", ")
    func error(_ member: String, _ message: String) -> JSONPathError {
      JSONPathError(path: reader.path(member), expectation: message)
    }
    guard let name = try reader.string("fault") else {
      throw error("fault", "missing: expected one of \(names)")
    }
    guard let entry = faultNames.first(where: { $0.name == name }) else {
      throw error("fault", "expected one of \(names), got \"\(name)\"")
    }
    for other in faultNames.compactMap(\.parameter) where other != entry.parameter {
      if reader.value(other) != nil { throw error(other, "does not go with the fault \"\(name)\"") }
    }
    guard let parameter = entry.parameter else {
      switch name {
      case "timeout": return .timeout
      case "refuse": return .refuse
      case "reset": return .reset
      case "emptyBody": return .emptyBody
      default: return .corrupt
      }
    }
    if parameter == "contentType" {
      guard let type = try reader.string(parameter), !type.isEmpty else {
        throw error(
          parameter, "missing: the fault \"contentType\" needs a Content-Type such as \"text/html\"")
      }
      return .contentType(type)
    }
    guard let value = try reader.number(parameter) else {
      throw error(parameter, "missing: the fault \"\(name)\" needs \(parameter)")
    }
    switch name {
    case "delay":
      guard value >= 0, value <= 3600 else { throw error(parameter, "expected seconds from 0 to 3600") }
      return .delay(value)
    case "status":
      guard let status = Int.checked(value), (100...599).contains(status) else {
        throw error(parameter, "expected an HTTP status from 100 to 599, got \(Fault.number(value))")
      }
      return .status(status)
    case "truncate":
      guard let bytes = Int.checked(value), bytes >= 0, bytes <= 1 << 31 else {
        throw error(parameter, "expected a whole number of bytes from 0")
      }
      return .truncate(bytes)
    default:
      guard value > 0, value.isFinite else {
        throw error(parameter, "expected a number of bytes per second above 0")
      }
      return .slowBody(value)
    }
  }
}
