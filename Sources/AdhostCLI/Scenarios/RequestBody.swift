import AdPlayer
import Foundation
import PlayerSeam

/// A logged request's body as `requests` looks into it: JSON by path, a form
/// (`a=1&b=2`) by field name.
struct RequestBody {
  let text: String
  private let json: JSONValue?
  private let form: [String: String]?

  /// One step of a JSON path: a member's name or an array's index.
  enum Step: Equatable {
    case member(String)
    case index(Int)
  }

  init(_ text: String) {
    self.text = text
    let first = text.first { !$0.isWhitespace }
    json = first == "{" || first == "[" ? try? JSONValue.parse(text) : nil
    form = json == nil && text.contains("=") ? Self.fields(text) : nil
  }

  /// The value of a field: at a JSON path in a JSON body, a form field's (as a string) in a
  /// form body; nil when there is none.
  func value(_ field: String) -> JSONValue? {
    if let json {
      guard let steps = Self.pathParts(field) else { return nil }
      var value = json
      for step in steps {
        switch step {
        case .member(let name):
          guard let next = value[name] else { return nil }
          value = next
        case .index(let index):
          guard let elements = value.arrayValue, elements.indices.contains(index) else { return nil }
          value = elements[index]
        }
      }
      return value
    }
    return form?[field].map(JSONValue.string)
  }

  /// `adsParams.userSegment`, `$.items[0].id` as its steps; nil when it is not a path (empty,
  /// an empty name, an index that is not a whole number).
  static func pathParts(_ path: String) -> [Step]? {
    var rest = Substring(path)
    if rest.hasPrefix("$.") {
      rest = rest.dropFirst(2)
    } else if rest.hasPrefix("$[") {
      rest = rest.dropFirst()
    }
    var steps: [Step] = []
    var name = ""
    var expectsName = !rest.hasPrefix("[")
    var index = rest.startIndex
    func endName() -> Bool {
      if expectsName {
        guard !name.isEmpty else { return false }
        steps.append(.member(name))
      }
      name = ""
      return true
    }
    while index < rest.endIndex {
      let character = rest[index]
      if character == "." {
        guard endName() else { return nil }
        expectsName = true
      } else if character == "[" {
        guard endName(), let close = rest[index...].firstIndex(of: "]"),
          let number = Int(rest[rest.index(after: index)..<close]), number >= 0
        else { return nil }
        steps.append(.index(number))
        index = close
        expectsName = false
      } else {
        guard expectsName else { return nil }
        name.append(character)
      }
      index = rest.index(after: index)
    }
    guard endName() else { return nil }
    return steps.isEmpty ? nil : steps
  }

  /// A form's fields, names and values decoded (`+` as a space); the first of a name kept.
  static func fields(_ text: String) -> [String: String] {
    var fields: [String: String] = [:]
    for field in text.split(separator: "&") {
      let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode = { (part: Substring) in
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      let name = decode(parts[0])
      if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
    }
    return fields
  }

  /// Whether a value sent matches the value expected: a string expected is a pattern over the
  /// value's text (a string's own, else its JSON); any other must equal it (objects whatever
  /// their members' order, numbers whatever their spelling; a form field's text against the
  /// expected value's JSON).
  static func matches(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
    if let pattern = expected.stringValue {
      return Glob(pattern).matches(actual.stringValue ?? actual.jsonText)
    }
    if let text = actual.stringValue, expected.numberValue != nil || expected.boolValue != nil {
      return (try? JSONValue.parse(text)) == expected
    }
    return equal(actual, expected)
  }

  private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let left), .object(let right)):
      return left.members.count == right.members.count
        && left.allSatisfy { member in right[member.key].map { equal(member.value, $0) } ?? false }
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    default: return lhs == rhs
    }
  }
}
