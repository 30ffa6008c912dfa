import Foundation
import TestFiles
import Testing

@testable import AdhostCLI

/// Scenarios as the `adhost run` command lines that play them (what `adhost-bench test` runs as
/// one process each): every example is playable, with the exit code it expects, its inline
/// faults and actions written out, and its setup command's variables in place.
@Suite struct ScenarioCommandLineTests {
  static let examples = repositoryRoot.appendingPathComponent("examples").path

  /// Launches `scenario`, runs its command line in-process and stops the launch: the exit code
  /// against the one expected.
  func play(_ scenario: ScenarioCommandLine, scratch: Scratch) async throws -> (code: Int32, expected: Int32)
  {
    let launch = try scenario.launch(scratch: scratch.folder)
    defer { launch.stop() }
    let run = await adhost(launch.arguments + ["--json"])
    return (run.code, launch.exit)
  }

  @Test func everyExampleIsPlayableCountedInTheFolderRightUnderTheRoot() throws {
    let (playable, unplayable) = try ScenarioCommandLine.find([Self.examples], allowSetup: true)
    #expect(unplayable.isEmpty, "\(unplayable)")
    #expect(playable.count >= 54)
    let folders = Set(playable.map(\.folder))
    #expect(folders.contains("\(Self.examples)/vmap"))
    #expect(
      folders.allSatisfy { $0.split(separator: "/").count == Self.examples.split(separator: "/").count + 1 })
    #expect(
      playable.filter(\.hasSetup).map(\.file) == [
        "\(Self.examples)/inband/served/tests/cues.scenario.json",
        "\(Self.examples)/sgai/dynamic/live/dynamic-insert-live.scenario.json",
        "\(Self.examples)/sgai/dynamic/live/dynamic-replace-live.scenario.json",
        "\(Self.examples)/sgai/dynamic/live/svta-asset-list-live.scenario.json",
        "\(Self.examples)/vast/tests/fixture-server.scenario.json",
      ])
  }

  @Test func scenariosThatExpectAFailingExitAreLaunchedExpectingIt() async throws {
    let scratch = try Scratch()
    let (playable, _) = try ScenarioCommandLine.find([
      "\(Self.examples)/uplynk/tests/vod-config-error.scenario.json",
      "\(Self.examples)/mediatailor/vod/tests/faults-session-fatal.scenario.json",
      "\(Self.examples)/vmap/tests/failing-break.scenario.json",
      "\(Self.examples)/omnibox/tests/skip.scenario.json",
    ])
    #expect(playable.count == 4)
    for scenario in playable {
      let (code, expected) = try await play(scenario, scratch: scratch)
      #expect(code == expected, "\(scenario.file)")
    }
    #expect(playable.map(\.folder).allSatisfy { $0.hasSuffix("/tests") })
  }

  @Test func aSetupScenarioRunsWithTheVariablesItsCommandPrinted() async throws {
    let scratch = try Scratch()
    let (playable, _) = try ScenarioCommandLine.find(
      ["\(Self.examples)/vast/tests/fixture-server.scenario.json"], allowSetup: true)
    let scenario = try #require(playable.first)
    let launch = try scenario.launch(scratch: scratch.folder)
    defer { launch.stop() }
    // The source is written out with the fixture's port in place of ${PORT}.
    let source = try String(contentsOfFile: launch.arguments[2], encoding: .utf8)
    #expect(source.contains("http://127.0.0.1:") && !source.contains("${PORT}"), "\(source)")
    let run = await adhost(launch.arguments + ["--json"])
    #expect(run.code == launch.exit, "\(run.errors)")
  }

  @Test func aScenarioWhoseVariablesOnlyEnvGivesIsUnplayableSayingWhy() throws {
    let scratch = try Scratch()
    let file = try scratch.write(
      "env.scenario.json", #"{"plugin": "p.lua", "source": {"sources": [{"src": "https://${HOST}/a.m3u8"}]}}"#
    )
    let (playable, unplayable) = try ScenarioCommandLine.find([file])
    #expect(playable.isEmpty)
    #expect(unplayable.first?.reason.contains("${HOST}") == true, "\(unplayable)")
  }

  /// `adhost-bench test` needs the same opt-in as `adhost test --allow-setup`: without it, a
  /// scenario with a setup command (its own, or its folder's `scenarios.json`'s) is skipped,
  /// saying why, and no command runs.
  @Test func aSetupCommandRunsOnlyWhenAllowed() async throws {
    let scratch = try Scratch()
    let marker = scratch.folder.appendingPathComponent("ran").path
    for folder in ["a", "b", "c"] {
      try FileManager.default.createDirectory(
        at: scratch.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    _ = try scratch.write(
      "plugin.lua", #"player.ads:registerServerSideIntegration("x", function() return {} end)"#)
    let source =
      #"{"sources": {"src": "http://127.0.0.1:1/none.mp4", "ssai": {"integration": "x"}}, "duration": 1}"#
    _ = try scratch.write(
      "a/own.scenario.json",
      #"{"plugin": "../plugin.lua", "source": \#(source), "setup": "touch '\#(marker)-own'; echo X=1; echo"}"#
    )
    _ = try scratch.write(
      "b/scenarios.json", #"{"setup": ["sh", "-c", "touch '\#(marker)-folder'; echo X=1; echo"]}"#)
    _ = try scratch.write("b/folder.scenario.json", #"{"plugin": "../plugin.lua", "source": \#(source)}"#)
    _ = try scratch.write("c/plain.scenario.json", #"{"plugin": "../plugin.lua", "source": \#(source)}"#)

    let (playable, unplayable) = try ScenarioCommandLine.find([scratch.folder.path])
    #expect(playable.map { ($0.file as NSString).lastPathComponent } == ["plain.scenario.json"])
    #expect(unplayable.count == 2)
    for skipped in unplayable {
      #expect(skipped.reason.contains("runs only with --allow-setup"), "\(skipped.reason)")
    }
    for scenario in playable { try scenario.launch(scratch: scratch.folder).stop() }

    let (allowed, _) = try ScenarioCommandLine.find([scratch.folder.path], allowSetup: true)
    #expect(allowed.filter(\.hasSetup).count == 2)
    #expect(!FileManager.default.fileExists(atPath: marker + "-own"))
    #expect(!FileManager.default.fileExists(atPath: marker + "-folder"))
    for scenario in allowed { try scenario.launch(scratch: scratch.folder).stop() }
    #expect(FileManager.default.fileExists(atPath: marker + "-own"))
    #expect(FileManager.default.fileExists(atPath: marker + "-folder"))
  }
}
