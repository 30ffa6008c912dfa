/// Bad input for the source model or an action script: the JSON path and what was expected,
/// e.g. `sources[0].ssai.integration: expected a string`.
public struct ModelDecodingError: Error, Equatable, CustomStringConvertible {
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

/// Reading typed members out of a JSON object while keeping track of the path.
package struct JSONReader {
  package let object: JSONObject
  package let path: String

  /// Reads `value` as an object at `path`.
  package init(_ value: JSONValue, path: String) throws(ModelDecodingError) {
    guard let object = value.objectValue else {
      throw ModelDecodingError(path: path, expectation: "expected an object, found \(value.kindDescription)")
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

  package func string(_ key: String) throws(ModelDecodingError) -> String? {
    guard let value = value(key) else { return nil }
    guard let text = value.stringValue else { throw mismatch(key, "a string", value) }
    return text
  }

  package func requiredString(_ key: String) throws(ModelDecodingError) -> String {
    guard let text = try string(key) else {
      throw ModelDecodingError(path: path(key), expectation: "expected a string")
    }
    return text
  }

  package func number(_ key: String) throws(ModelDecodingError) -> Double? {
    guard let value = value(key) else { return nil }
    guard let number = value.numberValue else { throw mismatch(key, "a number", value) }
    return number
  }

  package func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> ModelDecodingError {
    ModelDecodingError(path: path(key), expectation: "expected \(expected), found \(found.kindDescription)")
  }

  /// The members other than `known`, in order: what the model keeps for the integration to read.
  package func unknownMembers(except known: Set<String>) -> JSONObject {
    JSONObject(object.members.filter { !known.contains($0.key) })
  }
}

/// The path of an array element: `sources[0]`.
package func elementPath(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
