import OutsideText

/// The first difference between a recorded JSON body and a sent one, compared as JSON: object
/// members in any order, numbers by value (`1`, `1.0` and `1e0` are one number), arrays element
/// by element; ignored fields left out.
enum JSONDifference {
  /// `adsParams.userSegment: recorded "sports", sent "CHANGED"`, or nil when they agree.
  static func first(_ recorded: JSONValue, _ sent: JSONValue, path: String = "", ignoring: IgnoredFields)
    -> String?
  {
    switch (recorded, sent) {
    case (.object(let old), .object(let new)):
      for member in old where !ignoring.ignores(field: member.key, path: join(path, member.key)) {
        let memberPath = join(path, member.key)
        guard let value = new[member.key] else { return describe(memberPath, member.value, nil) }
        if let difference = first(member.value, value, path: memberPath, ignoring: ignoring) {
          return difference
        }
      }
      for member in new where old[member.key] == nil {
        let memberPath = join(path, member.key)
        if !ignoring.ignores(field: member.key, path: memberPath) {
          return describe(memberPath, nil, member.value)
        }
      }
      return nil
    case (.array(let old), .array(let new)):
      for (index, (a, b)) in zip(old, new).enumerated() {
        if let difference = first(a, b, path: "\(path)[\(index)]", ignoring: ignoring) { return difference }
      }
      guard old.count == new.count else {
        let at = "\(path)[\(min(old.count, new.count))]"
        return describe(
          at, old.count > new.count ? old[new.count] : nil, new.count > old.count ? new[old.count] : nil)
      }
      return nil
    default:
      return recorded == sent ? nil : describe(path, recorded, sent)
    }
  }

  private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

  private static func describe(_ path: String, _ recorded: JSONValue?, _ sent: JSONValue?) -> String {
    "\(path.isEmpty ? "the whole body" : path): recorded \(shown(recorded)), sent \(shown(sent))"
  }

  /// A value as JSON text, cut at 60 characters; "nothing" for a missing one.
  static func shown(_ value: JSONValue?) -> String {
    guard let value else { return "nothing" }
    let text = value.jsonText
    return text.count > 60 ? text.prefix(59) + "…" : text
  }
}
