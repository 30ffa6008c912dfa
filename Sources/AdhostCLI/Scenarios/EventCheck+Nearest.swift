import PlayerSeam

extension EventPattern {
  /// `other` with no `fields` and no times: its type, ad and break only.
  var ignoringFields: EventPattern {
    EventPattern(EventPattern(self, at: nil, contentTime: nil), fields: JSONObject())
  }
}

extension EventCheck {
  /// For an event that no entry matched because of its `fields`: the entry of its type, ad and
  /// break that matches the most of them (counting the members of objects and the elements of
  /// arrays one by one) (on a tie, the first after `previous`, else the
  /// latest), and where its fields do not match.
  func nearestByFields(_ pattern: EventPattern, after previous: Int?) -> (index: Int, differences: [String])?
  {
    guard !pattern.fields.isEmpty else { return nil }
    var best: (index: Int, matched: Int)?
    for index in indices(matching: pattern.ignoringFields) {
      let fields = run.entries[index].entry.fields
      let matched = pattern.fields.reduce(0) { sum, member in
        sum + (fields[member.key].map { Self.matchedLeaves(member.value, $0) } ?? 0)
      }
      guard let current = best else {
        best = (index, matched)
        continue
      }
      let beforePrevious = current.index <= (previous ?? -1)
      if matched > current.matched || (matched == current.matched && beforePrevious) {
        best = (index, matched)
      }
    }
    guard let best else { return nil }
    let fields = run.entries[best.index].entry.fields
    let differences = pattern.fields.flatMap { Self.differences($0.value, fields[$0.key], at: $0.key) }
    return (best.index, differences)
  }

  /// How many of the plain values `expected` holds (in its objects and arrays) `actual` matches.
  private static func matchedLeaves(_ expected: JSONValue, _ actual: JSONValue) -> Int {
    if case .object(let members) = expected, let object = actual.objectValue {
      return members.reduce(0) { sum, member in
        sum + (object[member.key].map { matchedLeaves(member.value, $0) } ?? 0)
      }
    }
    if case .array(let elements) = expected, let array = actual.arrayValue, array.count == elements.count {
      return zip(elements, array).reduce(0) { $0 + matchedLeaves($1.0, $1.1) }
    }
    return FieldMatch.matches(expected, actual) ? 1 : 0
  }

  /// Where `actual` does not match `expected`, down to the members and elements that differ:
  /// `cue.kind=id3 (expected scte35)`, `no cue.endTime`.
  private static func differences(_ expected: JSONValue, _ actual: JSONValue?, at path: String) -> [String] {
    guard let actual else { return ["no \(path)"] }
    if FieldMatch.matches(expected, actual) { return [] }
    if case .object(let members) = expected, let object = actual.objectValue {
      return members.flatMap { differences($0.value, object[$0.key], at: path + "." + $0.key) }
    }
    if case .array(let elements) = expected, let array = actual.arrayValue, array.count == elements.count {
      return zip(elements, array).enumerated().flatMap { index, pair in
        differences(pair.0, pair.1, at: "\(path)[\(index)]")
      }
    }
    return ["\(path)=\(short(actual)) (expected \(short(expected)))"]
  }

  /// A value as the failure message writes it: a string as is, anything else as JSON, at most
  /// 80 characters.
  private static func short(_ value: JSONValue) -> String {
    let text = value.stringValue ?? value.jsonText
    return text.count <= 80 ? text : text.prefix(79) + "…"
  }
}
