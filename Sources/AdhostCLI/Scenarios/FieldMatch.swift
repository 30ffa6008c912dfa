import OutsideText

/// How an event expectation's `fields` value matches a log entry's member: a string is a
/// pattern over the member's text (a string's own, anything else as JSON); an object matches an
/// object that has each of its members, each matching in turn (others may be there too), so
/// `{"cue": {"kind": "id3", "attributes": {"text": "google_*"}}}` asserts a cue's kind and one
/// attribute; an array matches an array of as many elements, each matching in turn; any other
/// value must equal the member.
enum FieldMatch {
  static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    switch expected {
    case .string(let pattern):
      return Glob(pattern).matches(actual.stringValue ?? actual.jsonText)
    case .object(let members):
      guard let object = actual.objectValue else { return false }
      return members.allSatisfy { member in
        object[member.key].map { matches(member.value, $0) } ?? false
      }
    case .array(let elements):
      guard let array = actual.arrayValue, array.count == elements.count else { return false }
      return zip(elements, array).allSatisfy { matches($0, $1) }
    default:
      return actual == expected
    }
  }
}
