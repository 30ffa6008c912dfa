import Foundation
import TestFiles
import Testing

/// A scenario's golden file stays inside the scenario's own folder, symbolic links resolved:
/// `adhost test --update` of a contributed scenario never overwrites another file (redteam 11),
/// and a scenario naming one is refused, with the JSON path, when read as when updated.
@Suite struct SnapshotConfinementTests {
  static let victimText = "IMPORTANT USER DATA\n"

  /// A file outside the scenario's folder, and its folder (kept alive with it).
  func victim() throws -> (Scratch, String) {
    let outside = try Scratch()
    return (outside, try outside.write("victim.txt", Self.victimText))
  }

  @Test func aSnapshotOutsideTheFolderIsRefusedAndNothingIsWritten() async throws {
    let (outside, victim) = try victim()
    let fixture = try ScenarioFixture()
    let cases = [
      (#""snapshot": "\#(victim)""#, "snapshot"),
      (#""snapshot": "../\#(outside.folder.lastPathComponent)/victim.txt""#, "snapshot"),
      (#""snapshot": {"file": "\#(victim)", "timeupdates": true}"#, "snapshot.file"),
    ]
    for (members, path) in cases {
      try fixture.scenario("evil", members: members)
      for arguments in [["--update"], []] {
        let run = await adhost(["test", fixture.folder] + arguments)
        #expect(run.code == 1, "\(members): \(run.output)")
        #expect(
          run.output.contains(
            "FAIL \(fixture.folder)/evil.scenario.json: invalid scenario: \(fixture.folder)/evil.scenario.json: "
              + "\(path): the snapshot must be a file inside the scenario's folder"),
          "\(members): \(run.output)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.victimText)
      }
    }
  }

  @Test func aLinkLeadingOutOfTheFolderIsRefused() async throws {
    let (outside, victim) = try victim()
    let fixture = try ScenarioFixture()
    let folder = fixture.scratch.folder
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("golden.jsonl").path, withDestinationPath: victim)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("goldens").path, withDestinationPath: outside.folder.path)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("dangling.jsonl").path,
      withDestinationPath: outside.folder.appendingPathComponent("created.jsonl").path)
    for name in ["golden.jsonl", "goldens/victim.txt", "goldens/new.jsonl", "dangling.jsonl"] {
      try fixture.scenario("evil", members: #""snapshot": "\#(name)""#)
      let run = await adhost(["test", fixture.folder, "--update"])
      #expect(run.code == 1, "\(name): \(run.output)")
      #expect(
        run.output.contains("snapshot: the snapshot must be a file inside the scenario's folder"), "\(name)")
    }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.victimText)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.folder.path) == ["victim.txt"])
  }

  @Test func aGoldenFileInASubfolderOrThroughALinkInsideIsWritten() async throws {
    let fixture = try ScenarioFixture()
    let folder = fixture.scratch.folder
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("goldens"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("linked").path,
      withDestinationPath: folder.appendingPathComponent("goldens").path)
    try fixture.scenario("a", members: #""snapshot": "goldens/a.jsonl""#)
    try fixture.scenario("b", members: #""snapshot": "linked/b.jsonl""#)
    let update = await adhost(["test", fixture.folder, "--update"])
    #expect(update.code == 0, "\(update.output)")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("goldens").path)
    #expect(Set(written) == ["a.jsonl", "b.jsonl"])
    #expect((await adhost(["test", fixture.folder])).code == 0)
  }
}
