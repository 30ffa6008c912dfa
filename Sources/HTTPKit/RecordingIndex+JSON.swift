import CheckedNumbers
import Foundation
import OutsideText

extension RecordingIndex {
  /// Reads `index.json`'s text with the JSON module: a member named twice in one object, a
  /// syntax error or a member of the wrong type is an error naming its JSON path; unknown members
  /// are ignored (a newer adhost may write more).
  init(data: Data) throws(JSONPathError) {
    if data.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONPathError(
        path: "", expectation: "starts with a byte-order mark; expected UTF-8 JSON without one")
    }
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      throw JSONPathError(path: "", expectation: "is UTF-16; expected UTF-8 JSON")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw JSONPathError(path: "", expectation: "not valid JSON: not UTF-8 text")
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      guard let path = error.path else {
        throw JSONPathError(path: "", expectation: "not valid JSON: \(error)")
      }
      throw JSONPathError(
        path: path, expectation: error.message + " (a repeated request is a second entry in exchanges)")
    }
    let reader = try JSONReader(value, path: "")
    guard let version = try Self.integer(reader, "version") else {
      throw JSONPathError(
        path: "version", expectation: "missing: expected the recording's version, \(Self.currentVersion)")
    }
    self.version = version
    startDate = try reader.string("startDate")
    ignoredParameters = try Self.strings(reader, "ignoredParameters")
    redacted = try Self.strings(reader, "redacted")
    guard let exchanges = reader.value("exchanges") else {
      throw JSONPathError(path: "exchanges", expectation: "missing: expected an array of exchanges")
    }
    guard let list = exchanges.arrayValue else { throw reader.mismatch("exchanges", "an array", exchanges) }
    self.exchanges = try list.enumerated().map { (position, element) throws(JSONPathError) in
      try RecordedExchange(json: JSONReader(element, path: "exchanges[\(position)]"))
    }
  }

  /// A member that must be a whole number, if present: `expected an integer (found a string)`.
  static func integer(_ reader: JSONReader, _ key: String) throws(JSONPathError) -> Int? {
    guard let value = reader.value(key) else { return nil }
    guard let number = value.numberValue, let whole = Int.checked(number) else {
      let found = value.numberValue.map(CheckedNumbers.describe) ?? value.kindDescription
      throw JSONPathError(path: reader.path(key), expectation: "expected an integer (found \(found))")
    }
    return whole
  }

  private static func strings(_ reader: JSONReader, _ key: String) throws(JSONPathError) -> [String]? {
    guard let value = reader.value(key) else { return nil }
    guard let list = value.arrayValue else { throw reader.mismatch(key, "an array of strings", value) }
    return try list.enumerated().map { (position, element) throws(JSONPathError) in
      guard let text = element.stringValue else {
        throw JSONPathError(
          path: "\(reader.path(key))[\(position)]",
          expectation: "expected a string, found \(element.kindDescription)")
      }
      return text
    }
  }
}

extension RecordedExchange {
  /// One exchange of `index.json`: `key`, `method` and `url` required.
  init(json reader: JSONReader) throws(JSONPathError) {
    func required(_ key: String) throws(JSONPathError) -> String {
      guard let text = try reader.string(key) else {
        throw JSONPathError(
          path: reader.path(key), expectation: "missing (every exchange has key, method, url)")
      }
      return text
    }
    let status = try RecordingIndex.integer(reader, "status")
    var headers: [String: String]?
    if let value = reader.value("headers") {
      let fields = try JSONReader(value, path: reader.path("headers"))
      var named: [String: String] = [:]
      for member in fields.object { named[member.key] = try fields.string(member.key) }
      headers = named
    }
    var request: RecordedRequest?
    if let value = reader.value("request") {
      request = try RecordedRequest(json: JSONReader(value, path: reader.path("request")))
    }
    let trimmedFrom = try RecordingIndex.integer(reader, "trimmedFrom")
    let finalURL = try reader.string("finalURL")
    self.init(
      key: try required("key"), method: try required("method"), url: try required("url"), status: status,
      headers: headers, body: try reader.string("body"), failure: try reader.string("failure"),
      request: request,
      trimmedFrom: trimmedFrom)
    self.finalURL = finalURL
  }
}
