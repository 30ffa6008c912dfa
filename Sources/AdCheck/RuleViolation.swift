import PlayerSeam
import VASTRules

/// One broken strict rule: which rule, when, the ad or break, the log entries that break it and
/// what is wrong.
public struct RuleViolation: Equatable, Sendable, CustomStringConvertible {
  /// The rule's stable id, e.g. `impression-before-start` (listed in docs/testing.md).
  public let rule: StrictRule
  /// How much it matters: the catalogue's severity, or the one `StrictOptions.config` sets.
  public let severity: Severity
  /// The virtual time of the entry that broke the rule, in microseconds.
  public let micros: Int64
  /// The ad concerned, if any.
  public let adId: String?
  /// The break concerned (its time offset), if any.
  public let adBreakTimeOffset: Double?
  /// What is wrong, in a sentence.
  public let message: String
  /// The log entries that break the rule (the last one broke it), oldest first.
  public let entries: [LogEntry]
  /// The VAST document it is about, when the log names one (the URL of a request that timed
  /// out); SARIF places the violation there.
  public var document: String?

  /// Creates a violation.
  public init(
    rule: StrictRule, severity: Severity? = nil, micros: Int64, adId: String? = nil,
    adBreakTimeOffset: Double? = nil, message: String, entries: [LogEntry] = []
  ) {
    self.rule = rule
    self.severity = severity ?? rule.catalogueEntry.severity
    self.micros = micros
    self.adId = adId
    self.adBreakTimeOffset = adBreakTimeOffset
    self.message = message
    self.entries = entries
  }

  /// The time in seconds.
  public var time: Double { VirtualTime.seconds(micros) }

  /// `impression-before-start at 12.5 s, ad "a1" (break at 10 s): <message> [events: …]`.
  public var description: String {
    var text = "\(rule.id) at \(VirtualTime.secondsText(micros)) s"
    if let adId { text += ", ad \"\(adId)\"" }
    if let adBreakTimeOffset {
      let offset = Self.seconds(adBreakTimeOffset)
      text += adId == nil ? ", break at \(offset) s" : " (break at \(offset) s)"
    }
    text += ": " + message
    if !entries.isEmpty {
      text += " [" + entries.map(Self.brief).joined(separator: "; ") + "]"
    }
    return text
  }

  /// One JSON object, a line of the run's JSON Lines log:
  /// `{"t":…,"type":"violation","ad":{"id":…},"adBreak":{"timeOffset":…},"rule":…,"severity":…,"message":…,"events":[…]}`.
  public var jsonLine: String { logEntry.jsonLine }

  /// The violation as a log entry of kind `violation`.
  public var logEntry: LogEntry {
    var fields = JSONObject([
      ("rule", .string(rule.id)), ("severity", .string(severity.rawValue)), ("message", .string(message)),
    ])
    fields["events"] = .array(entries.map(Self.jsonValue))
    return LogEntry(
      micros: micros, kind: .violation, adId: adId, adBreakTimeOffset: adBreakTimeOffset, fields: fields)
  }

  /// An entry in a few words: `adfirstquartile at 3.75 s`, `beacon start (https://…) at 0 s`,
  /// `beacon midpoint (https://…) sent at 3 s, logged at 3.36 s` (answered after the clock moved on).
  static func brief(_ entry: LogEntry) -> String {
    var text = entry.kind.rawValue
    if entry.kind == .beacon, let event = entry.fields["event"]?.stringValue {
      text += " " + event
      if let url = entry.fields["url"]?.stringValue { text += " (\(url))" }
    }
    if entry.sentMicros != entry.micros {
      text += " sent at \(VirtualTime.secondsText(entry.sentMicros)) s, logged"
    }
    return text + " at \(VirtualTime.secondsText(entry.micros)) s"
  }

  private static func jsonValue(_ entry: LogEntry) -> JSONValue {
    var object = JSONObject([("t", .number(entry.time)), ("type", .string(entry.kind.rawValue))])
    if let adId = entry.adId { object["ad"] = .object(JSONObject([("id", .string(adId))])) }
    if let offset = entry.adBreakTimeOffset {
      object["adBreak"] = .object(JSONObject([("timeOffset", .number(offset))]))
    }
    for member in entry.fields where object[member.key] == nil { object[member.key] = member.value }
    return .object(object)
  }

  static func seconds(_ value: Double) -> String { VirtualTime.secondsText(VirtualTime.micros(value)) }
}
