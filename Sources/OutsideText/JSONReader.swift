import CheckedNumbers

/// Bad JSON input for a model (a source, an action script, a fault plan, an asset list): the JSON
/// path and what was expected, e.g. `sources[0].ssai.integration: expected a string`.
/// PlayerSeam names it `JSONPathError`.
public struct JSONPathError: Error, Equatable, CustomStringConvertible {
  /// The JSON path of the offending value (`sources[0].ssai.integration`); empty for the root.
  public let path: String
  /// What the value should have been (`expected a string`).
  public let expectation: String

  /// Creates an error at a path.
  public init(path: String, expectation: String) {
    self.path = path
    self.expectation = expectation
  }

  /// A parse error of the JSON text: at its path when it is a repeated member, else at the root.
  package init(_ error: JSONSyntaxError) {
    self.init(path: error.path ?? "", expectation: error.path == nil ? error.description : error.message)
  }

  /// `path: expectation`, or the expectation alone at the root.
  public var description: String { path.isEmpty ? expectation : "\(path): \(expectation)" }
}

/// Reading typed members out of a JSON object while keeping track of the path: the one
/// path-tracking reader of the JSON module, under sources, action scripts, fault plans and asset
/// lists.
package struct JSONReader {
  package let object: JSONObject
  package let path: String

  /// Reads `value` as an object at `path`.
  package init(_ value: JSONValue, path: String) throws(JSONPathError) {
    guard let object = value.objectValue else {
      throw JSONPathError(path: path, expectation: "expected an object, found \(value.kindDescription)")
    }
    self.object = object
    self.path = path
  }

  /// The path of a member.
  package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// A member that is absent or null counts as missing.
  package func value(_ key: String) -> JSONValue? {
    guard let value = object[key], value != .null else { return nil }
    return value
  }

  package func string(_ key: String) throws(JSONPathError) -> String? {
    guard let value = value(key) else { return nil }
    guard let text = value.stringValue else { throw mismatch(key, "a string", value) }
    return text
  }

  package func requiredString(_ key: String) throws(JSONPathError) -> String {
    guard let text = try string(key) else {
      throw JSONPathError(path: path(key), expectation: "expected a string")
    }
    return text
  }

  package func number(_ key: String) throws(JSONPathError) -> Double? {
    guard let value = value(key) else { return nil }
    guard let number = value.numberValue else { throw mismatch(key, "a number", value) }
    return number
  }

  package func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> JSONPathError {
    JSONPathError(path: path(key), expectation: "expected \(expected), found \(found.kindDescription)")
  }

  /// A member that must be a whole number from `minimum` to `maximum`, if present.
  package func integer(_ key: String, from minimum: Int, to maximum: Int) throws(JSONPathError) -> Int? {
    guard let number = try number(key) else { return nil }
    guard let whole = Int.checked(number), whole >= minimum, whole <= maximum else {
      throw JSONPathError(
        path: path(key),
        expectation:
          "expected a whole number from \(minimum) to \(maximum), found \(CheckedNumbers.describe(number))")
    }
    return whole
  }

  /// Fails on the first member (in written order) not in `known`: a misspelt name is not ignored.
  package func refuseUnknownMembers(except known: Set<String>) throws(JSONPathError) {
    guard let unknown = object.keys.first(where: { !known.contains($0) }) else { return }
    throw JSONPathError(
      path: path(unknown), expectation: "unknown member (known: \(known.sorted().joined(separator: ", ")))")
  }

  /// The members other than `known`, in order: what the model keeps for the integration to read.
  package func unknownMembers(except known: Set<String>) -> JSONObject {
    JSONObject(object.members.filter { !known.contains($0.key) })
  }
}

/// The path of an array element: `sources[0]`.
package func elementPath(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
