import Foundation
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost test` takes the scenarios that start a setup command (their own, or their folder's
/// `scenarios.json`'s) before the others, so that a setup's start overlaps the other scenarios'
/// runs instead of coming last; each group keeps path order, and results still print in path
/// order (ScenarioProgress).
@Suite struct ScenarioStartOrderTests {
  @Test func scenariosWithASetupAreTakenFirstThenTheOthersInPathOrder() throws {
    let scratch = try Scratch()
    let plain = #"{"plugin": "p.lua", "source": "s.json"}"#
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
    _ = try scratch.write("fixtures/scenarios.json", #"{"setup": ["./serve"]}"#)
    let files = try [
      scratch.write("a.scenario.json", plain),
      scratch.write("b.scenario.json", #"{"setup": "exec ./serve", "plugin": "p.lua", "source": "s.json"}"#),
      scratch.write("c.scenario.json", "not JSON: fails as invalid in its turn"),
      scratch.write("d.scenario.json", plain),
      scratch.write("fixtures/e.scenario.json", plain),
    ]
    let progress = ScenarioProgress(files: files) { _ in }
    var taken: [Int] = []
    while let index = progress.next() { taken.append(index) }
    #expect(taken == [1, 4, 0, 2, 3])
  }

  @Test func withoutSetupsTheOrderIsThePathOrder() throws {
    let scratch = try Scratch()
    let files = try (0..<4).map { try scratch.write("s\($0).scenario.json", #"{"plugin": "p.lua"}"#) }
    #expect(ScenarioProgress.startOrder(files) == [0, 1, 2, 3])
  }
}
