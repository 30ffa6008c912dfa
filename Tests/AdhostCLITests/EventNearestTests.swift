import AdPlayer
import PlayerSeam
import Testing

@testable import AdhostCLI

/// An `events` expectation no entry matched on its `fields`: the failure names the entry that
/// matches the most of them and where its fields differ, down to nested members and elements.
@Suite struct EventNearestTests {
  static func cue(at seconds: Int64, _ json: String) throws -> RecordedEntry {
    guard case .object(let fields) = try JSONValue.parse(#"{"cue":\#(json)}"#) else {
      throw ScenarioError(file: "test", path: "", expectation: "an object")
    }
    return RecordedEntry(
      entry: LogEntry(micros: seconds * 1_000_000, kind: .cue, fields: fields), contentTime: Double(seconds))
  }

  func failures(_ events: String, _ entries: [RecordedEntry]) throws -> [String] {
    let json = ScenarioJSON(file: "t.scenario.json", path: "", value: try JSONValue.parse(events))
    var expectations = Expectations()
    expectations.events = try json.elements().map(EventPattern.init)
    let run = ScenarioRun(entries: entries, exit: 0, diagnostics: "")
    return EventCheck(run).failures(expectations).map(\.description)
  }

  /// An ID3 cue at 3 s and an SCTE-35 cue at 9 s.
  func entries() throws -> [RecordedEntry] {
    [
      try Self.cue(
        at: 3, #"{"id":"id3-0","kind":"id3","attributes":{"frames":[{"id":"TXXX"},{"id":"PRIV"}]}}"#),
      try Self.cue(at: 9, #"{"id":"scte35-1","kind":"scte35","attributes":{"command":"splice_insert"}}"#),
    ]
  }

  @Test func aNestedMemberThatDiffersIsNamedByItsPath() throws {
    let lines = try failures(
      #"[{"type":"cue","fields":{"cue":{"kind":"scte35","attributes":{"command":"time_signal"}}}}]"#,
      entries())
    #expect(
      lines == [
        #"[0]: expected cue cue={"kind":"scte35","attributes":{"command":"time_signal"}}, got none; "#
          + "nearest: cue at 9 s, where cue.attributes.command=splice_insert (expected time_signal)"
      ])
  }

  @Test func anElementThatDiffersAndAMissingMemberAreNamed() throws {
    let lines = try failures(
      #"[{"type":"cue","fields":{"cue":{"kind":"id3","endTime":3,"attributes":{"frames":[{"id":"TXXX"},{"id":"GEOB"}]}}}}]"#,
      entries())
    #expect(
      lines.first?.hasSuffix(
        "got none; nearest: cue at 3 s, where no cue.endTime, cue.attributes.frames[1].id=PRIV (expected GEOB)"
      )
        == true, "\(lines)")
  }
}
