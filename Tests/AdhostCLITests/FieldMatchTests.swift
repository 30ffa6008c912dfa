import OutsideText
import Testing

@testable import AdhostCLI

/// An event expectation's `fields` (docs/testing.md "What must hold"): objects match as subsets,
/// member by member, so a `cue` entry's cue can be asserted by the fields that matter.
@Suite struct FieldMatchTests {
  private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

  private let cue = #"""
    {"id": "emsg-1-1", "kind": "emsg", "startTime": 7.5, "attributes": {"id": 2, "version": 0,
     "frames": [{"id": "TXXX", "description": "google", "text": "google_2"}, {"id": "PRIV", "owner": "o"}]}}
    """#

  @Test func anObjectMatchesAnObjectWithAtLeastItsMembersEachMatching() throws {
    let actual = try json(cue)
    for expected in [
      #"{"id": "emsg-1-1"}"#, #"{"kind": "emsg", "startTime": 7.5}"#, #"{"attributes": {"version": 0}}"#,
      #"{"attributes": {"frames": [{"text": "google_*"}, {"id": "PRIV"}]}}"#, #"{"startTime": "7.5"}"#, "{}",
    ] {
      #expect(FieldMatch.matches(try json(expected), actual), "\(expected)")
    }
  }

  @Test func aMissingMemberAWrongValueOrAnotherCountOfElementsDoesNotMatch() throws {
    let actual = try json(cue)
    for expected in [
      #"{"class": "x"}"#, #"{"startTime": 7.501}"#, #"{"attributes": {"version": 1}}"#,
      #"{"attributes": {"frames": [{"text": "google_2"}]}}"#,
      #"{"attributes": {"frames": [{"text": "google_3"}, {"id": "PRIV"}]}}"#, #"{"attributes": 1}"#,
      #"[{"id": "emsg-1-1"}]"#,
    ] {
      #expect(!FieldMatch.matches(try json(expected), actual), "\(expected)")
    }
  }

  @Test func scalarsMatchAsBefore() throws {
    #expect(FieldMatch.matches(.string("*not skippable*"), .string("ad a1 is not skippable yet")))
    #expect(FieldMatch.matches(.string("200"), .number(200)))
    #expect(FieldMatch.matches(.number(200), .number(200)))
    #expect(!FieldMatch.matches(.number(200), .string("200")))
    #expect(FieldMatch.matches(.bool(true), .bool(true)))
    #expect(!FieldMatch.matches(.null, .bool(false)))
  }
}
