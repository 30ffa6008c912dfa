import AdPlayer
import CheckedNumbers
import PlayerSeam

/// A scenario file that does not fit the format: the file, the JSON path and what was expected,
/// e.g. `play.scenario.json: beacons[2].count: expected a whole number ≥ 0, found a string`.
struct ScenarioError: Error, CustomStringConvertible {
  let file: String
  let path: String
  let expectation: String

  var description: String { path.isEmpty ? "\(file): \(expectation)" : "\(file): \(path): \(expectation)" }
}

/// Reads typed members out of a scenario's JSON while keeping track of the file and JSON path.
struct ScenarioJSON: Sendable {
  let file: String
  let path: String
  let value: JSONValue

  /// The member `key` of this object (null when absent), at its path.
  func member(_ key: String) -> ScenarioJSON {
    ScenarioJSON(file: file, path: path.isEmpty ? key : "\(path).\(key)", value: value[key] ?? .null)
  }

  var isAbsent: Bool { value == .null }

  func error(_ expectation: String) -> ScenarioError {
    ScenarioError(file: file, path: path, expectation: expectation)
  }

  func mismatch(_ expected: String) -> ScenarioError {
    error("expected \(expected), found \(found)")
  }

  /// The value as a message shows what was found: a number or a Boolean itself, else its kind.
  private var found: String {
    switch value {
    case .number(let number): return CheckedNumbers.describe(number)
    case .bool(let flag): return String(flag)
    default: return value.kindDescription
    }
  }

  /// Fails on members other than `known`, so a misspelt expectation is not silently ignored.
  func object(known: Set<String>) throws(ScenarioError) -> JSONObject {
    guard let object = value.objectValue else { throw mismatch("an object") }
    for key in object.keys where !known.contains(key) {
      throw member(key).error("unknown member (expected one of \(known.sorted().joined(separator: ", ")))")
    }
    return object
  }

  func elements() throws(ScenarioError) -> [ScenarioJSON] {
    guard let array = value.arrayValue else { throw mismatch("an array") }
    return array.enumerated().map {
      ScenarioJSON(file: file, path: "\(path)[\($0.offset)]", value: $0.element)
    }
  }

  /// The elements of an array, or this value alone as a list of one.
  func list() throws(ScenarioError) -> [ScenarioJSON] {
    if isAbsent { return [] }
    if value.arrayValue != nil { return try elements() }
    return [self]
  }

  func string() throws(ScenarioError) -> String? {
    if isAbsent { return nil }
    guard let text = value.stringValue else { throw mismatch("a string") }
    return text
  }

  func requiredString() throws(ScenarioError) -> String {
    guard let text = try string() else { throw error("expected a string") }
    return text
  }

  func bool() throws(ScenarioError) -> Bool? {
    if isAbsent { return nil }
    guard let flag = value.boolValue else { throw mismatch("true or false") }
    return flag
  }

  /// A number of seconds ≥ 0.
  func seconds() throws(ScenarioError) -> Double? { try number(of: "seconds") }

  /// A number of `unit` ("seconds", "MiB") ≥ 0.
  func number(of unit: String) throws(ScenarioError) -> Double? {
    if isAbsent { return nil }
    guard let number = value.numberValue, number.isFinite, number >= 0 else {
      throw mismatch("a number of \(unit) ≥ 0")
    }
    return number
  }

  func count() throws(ScenarioError) -> Int? {
    if isAbsent { return nil }
    guard let number = value.numberValue.flatMap({ Int.checked($0, in: 0...999_999_999) }) else {
      let isLarge = value.numberValue.map { $0 >= 0 && $0.rounded() == $0 } ?? false
      throw mismatch(isLarge ? "a whole number from 0 to 999999999" : "a whole number ≥ 0")
    }
    return number
  }

  /// One number of seconds or a list of them.
  func times() throws(ScenarioError) -> [Double]? {
    if isAbsent { return nil }
    var times: [Double] = []
    for element in try list() {
      guard let time = try element.seconds() else { throw element.error("expected a number of seconds ≥ 0") }
      times.append(time)
    }
    return times
  }
}
