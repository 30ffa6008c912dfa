import Foundation
import Synchronization
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

  /// While a scenario's setup is still starting (`SetupStarts`), the workers take the scenarios
  /// without one; a scenario whose setup has started comes first; one whose setup is starting
  /// is taken (its run waits) only when nothing else is left.
  @Test func noWorkerWaitsForASetupWhileAScenarioWithoutOneIsLeft() throws {
    let scratch = try Scratch()
    let plain = #"{"plugin": "p.lua", "source": "s.json"}"#
    let setup = #"{"setup": "exec ./serve", "plugin": "p.lua", "source": "s.json"}"#
    let files = try [
      scratch.write("a.scenario.json", setup), scratch.write("b.scenario.json", plain),
      scratch.write("c.scenario.json", setup), scratch.write("d.scenario.json", plain),
    ]
    let progress = ScenarioProgress(files: files) { _ in }
    #expect(progress.withSetup == [0, 2])
    let ready = Mutex<Set<Int>>([])
    progress.setupReady = { index in ready.withLock { $0.contains(index) } }
    #expect(progress.next() == 1)
    ready.withLock { _ = $0.insert(2) }
    #expect(progress.next() == 2)
    #expect(progress.next() == 3)
    #expect(progress.next() == 0)
    #expect(progress.next() == nil)
  }

  /// `SetupStarts` starts each setup once, ahead of its scenario, with the variables it printed.
  @Test func eachSetupStartsOnceAheadOfItsScenario() throws {
    let scratch = try Scratch()
    let serve = #"echo $$ >> $0.pid; printf 'N=1\n\n'; exec sleep 60"#
    let files = try ["a", "b"].map { name in
      try scratch.write(
        "\(name).scenario.json", #"{"setup": ["sh", "-c", "\#(serve)", "\#(name)"], "plugin": "p.lua"}"#)
    }
    let starts = SetupStarts(
      files: files, indices: [0, 1], fixtures: ScenarioFixtures(allowsSetup: true))
    let taken = try #require(try starts.take(0).get())
    #expect(taken.variables == ["N": "1"])
    let other = try #require(try starts.take(1).get())
    let pids = try ["a", "b"].map { name in
      try String(contentsOf: scratch.folder.appendingPathComponent("\(name).pid"), encoding: .utf8)
        .split(separator: "\n").compactMap { Int32($0) }
    }
    #expect(pids.map(\.count) == [1, 1], "each setup started once")
    taken.stop()
    other.stop()
    starts.stopUntaken()
    for pid in pids.joined() { #expect(ScenarioSetupTests.gone(pid)) }
  }

  /// A setup no scenario took (a run stopped before its turn) is stopped when the run ends.
  @Test func aSetupNoScenarioTookIsStoppedWhenTheRunEnds() throws {
    let scratch = try Scratch()
    let serve = #"echo $$ > a.pid; printf 'N=1\n\n'; exec sleep 60"#
    let file = try scratch.write(
      "a.scenario.json", #"{"setup": ["sh", "-c", "\#(serve)"], "plugin": "p.lua"}"#)
    let starts = SetupStarts(files: [file], indices: [0], fixtures: ScenarioFixtures(allowsSetup: true))
    while !starts.isReady(0) { usleep(1_000) }
    let text = try String(contentsOf: scratch.folder.appendingPathComponent("a.pid"), encoding: .utf8)
    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(!ScenarioSetupTests.gone(pid))
    starts.stopUntaken()
    #expect(ScenarioSetupTests.gone(pid))
  }
}
