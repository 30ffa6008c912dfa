import CheckedNumbers
import Foundation

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
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw FaultPlanError(file: file, path: "", message: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
    }
    if let duplicate = JSONDuplicateMembers.first(in: data) {
      throw FaultPlanError(
        file: file, path: duplicate.path,
        message: "\"\(duplicate.name)\" appears a second time in the same object; expected each name once")
    }
    try self.init(json: value, file: file, at: "")
  }

  /// Reads a plan from parsed JSON found in `file` at the JSON path `at` (a scenario's `faults`).
  public init(json: Any, file: String, at root: String) throws(FaultPlanError) {
    let reader = PlanReader(file: file)
    let plan = try reader.object(json, at: root, known: ["description", "rules"])
    let rulesPath = reader.join(root, "rules")
    guard let rules = plan["rules"] as? [Any] else {
      throw reader.error(rulesPath, "expected an array of rules")
    }
    var parsed: [FaultRule] = []
    for (index, rule) in rules.enumerated() {
      parsed.append(try reader.rule(rule, at: "\(rulesPath)[\(index)]"))
    }
    self.init(rules: parsed)
  }
}

/// Reads plan JSON, naming the file and JSON path in its errors.
private struct PlanReader {
  let file: String

  func join(_ path: String, _ member: String) -> String { path.isEmpty ? member : "\(path).\(member)" }

  func error(_ path: String, _ message: String) -> FaultPlanError {
    FaultPlanError(file: file, path: path, message: message)
  }

  func object(_ value: Any, at path: String, known: Set<String>) throws(FaultPlanError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error(path, "expected an object") }
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw error(join(path, unknown), "unknown member (known: \(known.sorted().joined(separator: ", ")))")
    }
    return object
  }

  func string(_ object: [String: Any], _ member: String, at path: String) throws(FaultPlanError) -> String? {
    guard let value = object[member] else { return nil }
    guard let text = value as? String, !(value is NSNumber) else {
      throw error(join(path, member), "expected a string")
    }
    return text
  }

  func number(_ object: [String: Any], _ member: String, at path: String) throws(FaultPlanError) -> Double? {
    guard let value = object[member] else { return nil }
    // JSONSerialization gives true and false as NSNumber too, of a Boolean subclass.
    guard let number = value as? NSNumber, !String(describing: type(of: value)).contains("Boolean") else {
      throw error(join(path, member), "expected a number")
    }
    return number.doubleValue
  }

  func count(_ object: [String: Any], _ member: String, at path: String, from minimum: Int)
    throws(FaultPlanError)
    -> Int?
  {
    guard let number = try number(object, member, at: path) else { return nil }
    guard let whole = Int.checked(number), whole >= minimum, whole <= 1 << 31 else {
      throw error(join(path, member), "expected a whole number from \(minimum), got \(Fault.number(number))")
    }
    return whole
  }

  func rule(_ value: Any, at path: String) throws(FaultPlanError) -> FaultRule {
    let object = try object(value, at: path, known: FaultPlan.ruleMembers)
    let kindText = try string(object, "kind", at: path)
    let kind = kindText.flatMap(RequestKind.init(rawValue:))
    if let kindText, kind == nil {
      let names = RequestKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(join(path, "kind"), "expected one of \(names), got \"\(kindText)\"")
    }
    var rule = FaultRule(
      url: try string(object, "url", at: path), kind: kind,
      method: try string(object, "method", at: path)?.uppercased(), fault: try fault(object, at: path),
      nth: try count(object, "nth", at: path, from: 1), first: try count(object, "first", at: path, from: 1))
    if rule.nth != nil && rule.first != nil {
      throw error(join(path, "first"), "give nth or first, not both")
    }
    if let url = rule.url, url.isEmpty { rule.url = nil }
    return rule
  }

  private func fault(_ object: [String: Any], at path: String) throws(FaultPlanError) -> Fault {
    let names = FaultPlan.faultNames.map(\.name).joined(separator: ", ")
    guard let name = try string(object, "fault", at: path) else {
      throw error(join(path, "fault"), "missing: expected one of \(names)")
    }
    guard let entry = FaultPlan.faultNames.first(where: { $0.name == name }) else {
      throw error(join(path, "fault"), "expected one of \(names), got \"\(name)\"")
    }
    for other in FaultPlan.faultNames.compactMap(\.parameter) where other != entry.parameter {
      if object[other] != nil {
        throw error(join(path, other), "does not go with the fault \"\(name)\"")
      }
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
    let memberPath = join(path, parameter)
    if parameter == "contentType" {
      guard let type = try string(object, parameter, at: path), !type.isEmpty else {
        throw error(
          memberPath, "missing: the fault \"contentType\" needs a Content-Type such as \"text/html\"")
      }
      return .contentType(type)
    }
    guard let value = try number(object, parameter, at: path) else {
      throw error(memberPath, "missing: the fault \"\(name)\" needs \(parameter)")
    }
    switch name {
    case "delay":
      guard value >= 0, value <= 3600 else { throw error(memberPath, "expected seconds from 0 to 3600") }
      return .delay(value)
    case "status":
      guard let status = Int.checked(value), (100...599).contains(status) else {
        throw error(memberPath, "expected an HTTP status from 100 to 599, got \(Fault.number(value))")
      }
      return .status(status)
    case "truncate":
      guard let bytes = Int.checked(value), bytes >= 0, bytes <= 1 << 31 else {
        throw error(memberPath, "expected a whole number of bytes from 0")
      }
      return .truncate(bytes)
    default:
      guard value > 0, value.isFinite else {
        throw error(memberPath, "expected a number of bytes per second above 0")
      }
      return .slowBody(value)
    }
  }
}
