import AdPlayer
import Foundation
import PlayerSeam
import Testing

@testable import AdhostCLI

/// `snapshot`: the run's log against a golden file; `--update` writes golden files and nothing else.
@Suite struct SnapshotTests {
  /// Every file of the folder and its bytes.
  func contents(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  @Test func updateWritesTheGoldenFileOnlyAndThenTheRunMatchesIt() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("snap", members: #""snapshot": "snap.jsonl""#)
    let missing = await adhost(["test", fixture.folder])
    #expect(missing.code == 1)
    #expect(
      missing.output.contains(
        "snapshot: no golden file \(fixture.folder)/snap.jsonl (adhost test --update writes it)"))

    let before = try contents(fixture.scratch.folder)
    let update = await adhost(["test", fixture.folder, "--update"])
    #expect(
      update.output == "PASS \(fixture.folder)/snap.scenario.json (snapshot updated)\n1 passed, 0 failed\n")
    let after = try contents(fixture.scratch.folder)
    #expect(Set(after.keys) == Set(before.keys).union(["snap.jsonl"]))
    for (name, data) in before { #expect(after[name] == data, "\(name) changed") }
    let golden = try #require(after["snap.jsonl"].flatMap { String(data: $0, encoding: .utf8) })
    #expect(
      golden.contains(#"{"t":6,"type":"beacon","ad":{"id":"a1"},"event":"midpoint","url":"http://127.0.0.1:"#)
    )
    #expect(!golden.contains("timeupdate"))

    let again = await adhost(["test", fixture.folder])
    #expect(again.code == 0, "\(again.output)")
  }

  @Test func aChangedRunNamesTheFirstDifferentLine() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("snap", members: #""snapshot": "snap.jsonl", "strict": false"#)
    _ = await adhost(["test", fixture.folder, "--update"])
    try fixture.scenario(
      "snap", beacons: ScenarioFixture.correctBeacons.map { $0.1 == "midpoint" ? (6.5, $0.1) : $0 },
      members: #""snapshot": "snap.jsonl", "strict": false"#)
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 1)
    #expect(
      run.output.contains("snapshot: the log differs from \(fixture.folder)/snap.jsonl at line "),
      "\(run.output)")
    #expect(
      run.output.contains(#"expected {"t":6,"type":"beacon","ad":{"id":"a1"},"event":"midpoint""#),
      "\(run.output)")
    #expect(
      run.output.contains(#"got {"t":6,"type":"timeupdate""#) || run.output.contains(#"got {"t":6.5"#),
      "\(run.output)")
  }

  @Test func updateDoesNotWriteTheRunOfAFailingScenario() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("snap", members: #""snapshot": "snap.jsonl", "exit": 3"#)
    let run = await adhost(["test", fixture.folder, "--update"])
    #expect(run.code == 1)
    #expect(!FileManager.default.fileExists(atPath: "\(fixture.folder)/snap.jsonl"))
  }

  @Test func volatileValuesAreNormalised() throws {
    let run = ScenarioRun(
      entries: [
        RecordedEntry(
          entry: LogEntry(
            micros: 0, kind: .beacon,
            fields: JSONObject([
              ("url", .string("https://t.example/i?CB=12345&x=1&ts=2026-11-30T21%3A16%3A44.000Z&sid=9")),
              ("date", .string("at 2026-01-02T03:04:05Z")),
            ])), contentTime: 0)
      ], exit: 0, diagnostics: "")
    let text = SnapshotCheck(run: run, ignoredParameters: ["cb", "ts", "sid"])
      .text(SnapshotExpectation(file: "x", timeUpdates: false))
    #expect(
      text == #"{"t":0,"type":"beacon","url":"https://t.example/i?CB=*&x=1&ts=*&sid=*","date":"at [DATE]"}"#
        + "\n")
  }
}
