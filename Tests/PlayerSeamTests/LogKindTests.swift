import Foundation
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

extension LogKindTests {
  /// Every kind besides the events is named in the docs: docs/player.md's "Event log" lists
  /// them, docs/display.md the web views' events.
  @Test func everyKindIsDocumented() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs")
    let player = try String(contentsOf: docs.appendingPathComponent("player.md"), encoding: .utf8)
    let display = try String(contentsOf: docs.appendingPathComponent("display.md"), encoding: .utf8)
    let eventLog = try #require(player.components(separatedBy: "## Event log").dropFirst().first)
    let events = Set(EventType.allCases.map(\.rawValue))
    let missing = LogKind.allCases.map(\.rawValue).filter { name in
      !events.contains(name) && !eventLog.contains("`\(name)`") && !display.contains("`\(name)`")
    }
    #expect(missing.isEmpty, "log kinds named in neither docs/player.md nor docs/display.md: \(missing)")
  }
}
