import PlayerSeam

/// An expectation of a scenario that its run did not meet: where it is written (`beacons[2]`)
/// and what was expected against what happened.
struct TestFailure: CustomStringConvertible {
  let expectation: String
  let message: String
  /// The virtual time it concerns, when it concerns one (the report marks it there).
  var time: Double? = nil
  /// The positions in the run's log of the entries it concerns (the report marks their rows).
  var entries: [Int] = []

  var description: String { expectation.isEmpty ? message : "\(expectation): \(message)" }
}

/// How checks write times and log entries in their messages.
enum Describe {
  /// `12.5 s`.
  static func seconds(_ value: Double) -> String { VirtualTime.secondsText(VirtualTime.micros(value)) + " s" }

  /// `3.75 s, 7.5 s`.
  static func times(_ values: [Double]) -> String { values.map(seconds).joined(separator: ", ") }

  /// `break@30`.
  static func breakOffset(_ offset: Double) -> String {
    "break@" + JSONValue.number(offset).jsonText
  }

  /// `adbegin ad pod-1 break@0 at 10 s`; beacons with their event and URL.
  static func entry(_ entry: LogEntry, breakOffset: Double? = nil) -> String {
    var parts = [entry.kind.rawValue]
    if entry.kind == .beacon, let event = entry.fields["event"]?.stringValue { parts.append(event) }
    if let adId = entry.adId { parts.append("ad \(adId)") }
    if let offset = entry.adBreakTimeOffset ?? breakOffset { parts.append(Self.breakOffset(offset)) }
    if entry.kind == .beacon, let url = entry.fields["url"]?.stringValue { parts.append(url) }
    if entry.kind == .aderror, let message = entry.fields["message"]?.stringValue {
      parts.append("\"\(message)\"")
    }
    if entry.sentMicros != entry.micros {
      parts.append("sent at \(seconds(VirtualTime.seconds(entry.sentMicros))), logged")
    }
    return parts.joined(separator: " ") + " at " + seconds(entry.time)
  }

  /// What a pattern asks for: `adbegin ad pod-1 break@0 at 10 s`.
  static func pattern(_ pattern: EventPattern) -> String {
    var parts = [pattern.kind.rawValue]
    if let ad = pattern.ad { parts.append("ad \(ad)") }
    if let offset = pattern.breakOffset { parts.append(breakOffset(offset)) }
    for member in pattern.fields {
      parts.append("\(member.key)=\(member.value.stringValue ?? member.value.jsonText)")
    }
    if let at = pattern.at { parts.append("at \(seconds(at))\(tolerance(pattern.tolerance))") }
    if let content = pattern.contentTime {
      parts.append("at content time \(seconds(content))\(tolerance(pattern.tolerance))")
    }
    return parts.joined(separator: " ")
  }

  static func tolerance(_ value: Double) -> String { value > 0 ? " (±\(seconds(value)))" : "" }
}
