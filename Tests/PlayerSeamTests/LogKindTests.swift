import PlayerSeam
import Testing

/// The run log's vocabulary of entry kinds (docs/player.md "Event log").
@Suite struct LogKindTests {
  /// An event's entry is of the kind named as the event: the log's `type` stays the event's name.
  @Test(arguments: EventType.allCases)
  func anEventsKindHasTheEventsName(_ event: EventType) {
    #expect(LogKind(event).rawValue == event.rawValue)
    #expect(LogKind(rawValue: event.rawValue) == LogKind(event))
  }

  /// A kind is written and printed by its name.
  @Test func aKindIsWrittenByItsName() {
    let entry = LogEntry(
      micros: 1_500_000, kind: .segmentIssue, fields: JSONObject([("kind", .string("malformed"))]))
    #expect(entry.jsonLine == #"{"t":1.5,"type":"segment-issue","kind":"malformed"}"#)
    #expect(entry.textLine == "       1.5  segment-issue  kind=malformed")
    #expect("\(LogKind.offlineUnmatched)" == "offline-unmatched")
  }
}
