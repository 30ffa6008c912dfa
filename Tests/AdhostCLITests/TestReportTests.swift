import Foundation
import TestFiles
import Testing

@testable import AdhostCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `adhost test`'s output for machines and CI: JUnit, shards, snapshots, order.
@Suite struct TestReportTests {
  private func lines(_ run: RunResult) -> [String] { run.output.split(separator: "\n").map(String.init) }

  @Test func theExamplesScenariosPass() async throws {
    let examples = repositoryRoot.appendingPathComponent("examples").path
    // As scripts/test.sh runs them: three examples start their own fixture servers (their setups).
    let run = await adhost(["test", examples, "-j", "2", "--allow-setup"])
    #expect(run.code == 0, "\(run.output)")
    #expect(lines(run).contains("PASS \(examples)/vast/tests/fixture-server.scenario.json"), "\(run.output)")
    #expect(lines(run).contains("PASS \(examples)/inband/served/tests/cues.scenario.json"), "\(run.output)")
    #expect(lines(run).contains("PASS \(examples)/sgai/dynamic/live/dynamic-replace-live.scenario.json"))
    let lines = run.output.split(separator: "\n").map(String.init)
    // Every scenario file under examples/ ran and passed (the count follows the files, so that
    // an example adding scenarios does not have to change this test).
    let files = FileManager.default.enumerator(atPath: examples)?.compactMap { $0 as? String } ?? []
    let scenarios = files.filter { $0.hasSuffix(".scenario.json") }.count
    #expect(scenarios >= 54)
    #expect(lines.last == "\(scenarios) passed, 0 failed", "\(run.output)")
    for name in ["faults-beacons-once", "faults-vast-late", "faults-vast-truncated"] {
      #expect(lines.contains("PASS \(examples)/vast/tests/\(name).scenario.json"), "\(name)")
    }
    for example in ["omnibox", "vast", "mediatailor/vod", "mediatailor/live"] {
      for name in ["play-through", "skip", "seek-over-break", "seek-out-of-break"] {
        #expect(
          lines.contains("PASS \(examples)/\(example)/tests/\(name).scenario.json"), "\(example) \(name)")
      }
    }
  }

  @Test func theOutputIsInPathOrderWhateverTheJobs() async throws {
    let fixture = try ScenarioFixture()
    for name in ["c", "a", "d", "b", "e"] {
      try fixture.scenario(name, beacons: name == "d" ? [] : ScenarioFixture.correctBeacons)
    }
    let one = await adhost(["test", fixture.folder, "-j", "1"])
    let four = await adhost(["test", fixture.folder, "-j", "4"])
    #expect(one.output == four.output)
    let files = one.output.split(separator: "\n").dropLast().map { line in
      String(line.dropFirst(5).prefix { $0 != ":" })
    }
    #expect(files == ["a", "b", "c", "d", "e"].map { "\(fixture.folder)/\($0).scenario.json" })
    #expect(one.output.hasSuffix("4 passed, 1 failed\n"))
  }

  @Test func junitIsWellFormedAndItsCountsMatch() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("passes")
    try fixture.scenario("fails <&>", members: #""beacons": [{"event": "start", "url": "*<&\"'>*"}]"#)
    let report = fixture.scratch.folder.appendingPathComponent("junit.xml")
    let run = await adhost(["test", fixture.folder, "--junit", report.path])
    #expect(run.code == 1)
    let document = try XMLDocument(contentsOf: report)
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "2")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    let cases = try root.nodes(forXPath: "//testcase") as? [XMLElement] ?? []
    #expect(cases.count == 2)
    let failures = try root.nodes(forXPath: "//testcase/failure") as? [XMLElement] ?? []
    #expect(failures.count == 1)
    let failed = try #require(failures.first?.parent as? XMLElement)
    #expect(failed.attribute(forName: "name")?.stringValue == "\(fixture.folder)/fails <&>.scenario.json")
    #expect(
      failures.first?.attribute(forName: "message")?.stringValue
        == #"beacons[0]: expected 1 beacon start url *<&"'>*, got none"#)
  }

  @Test func shardsPartitionTheScenariosExactly() throws {
    let scratch = try Scratch()
    var all: Set<String> = []
    for index in 0..<23 {
      let folder = index % 3 == 0 ? "nested/deeper" : (index % 3 == 1 ? "nested" : ".")
      try FileManager.default.createDirectory(
        at: scratch.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
      let path = try scratch.write("\(folder)/s\(index).scenario.json", "{}")
      all.insert(ScenarioPaths.normalise(path))
    }
    try scratch.write("not-a-scenario.json", "{}")
    let found = try ScenarioDiscovery.find([scratch.folder.path])
    #expect(Set(found.map(\.path)) == all)
    for count in 1...5 {
      var seen: [String] = []
      for index in 1...count {
        let options = try TestOptions(
          ParsedArguments(["--shard", "\(index)/\(count)"], spec: TestCommand.spec))
        seen += try options.select(found).map(\.path)
      }
      #expect(seen.count == all.count, "N=\(count)")
      #expect(Set(seen) == all, "N=\(count)")
    }
  }

  @Test func aShardIsTheSameFromAnotherFolder() throws {
    let scenario = FoundScenario(path: "/a/b/tests/x.scenario.json", relativePath: "tests/x.scenario.json")
    let moved = FoundScenario(path: "elsewhere/tests/x.scenario.json", relativePath: "tests/x.scenario.json")
    for count in 1...5 { #expect(scenario.shard(of: count) == moved.shard(of: count)) }
  }

  @Test func theShardOptionRunsItsPartOnly() async throws {
    let fixture = try ScenarioFixture()
    for name in ["a", "b", "c", "d"] { try fixture.scenario(name) }
    var lines: [String] = []
    for index in 1...2 {
      let run = await adhost(["test", fixture.folder, "--shard", "\(index)/2", "--json"])
      lines += run.output.split(separator: "\n").dropLast().map(String.init)
    }
    #expect(lines.count == 4)
    #expect(await adhost(["test", fixture.folder, "--shard", "3/2"]).code == 64)
  }

  @Test func theFilterKeepsMatchingPaths() async throws {
    let fixture = try ScenarioFixture()
    for name in ["skip-a", "seek-b", "skip-c"] { try fixture.scenario(name) }
    let run = await adhost(["test", fixture.folder, "--filter", "sk*p"])
    #expect(run.output.split(separator: "\n").count == 3, "\(run.output)")
    #expect(run.output.hasSuffix("2 passed, 0 failed\n"))
  }
}
