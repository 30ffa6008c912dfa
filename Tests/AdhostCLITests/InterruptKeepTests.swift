import Foundation
import LoopbackHTTP
import TestFiles
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// SIGINT and SIGTERM sent to a real `adhost` process (a CI job's timeout, a Ctrl-C) lose nothing
/// that had finished: `adhost test` prints the finished scenarios' lines, names the others and
/// writes its JUnit and report; `adhost run --report` writes the report of what had played
/// (`adhost display`: DisplayInterruptTests). Each then ends by the signal, with output on pipes.
@Suite struct InterruptKeepTests {
  /// Three scenarios that pass at once and one whose plugin never returns from `setSource`
  /// (budgets off, an endless loop), so that it is still running when the signal comes.
  private static func suite(_ scratch: Scratch) throws -> String {
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("suite"), withIntermediateDirectories: true)
    let integration = { (body: String) in
      #"player.ads:registerServerSideIntegration("x", function() return { setSource = function() "#
        + body + " end } end)\n"
    }
    try scratch.write("suite/ok.lua", integration("return true"))
    try scratch.write("suite/endless.lua", integration("while true do end"))
    let source =
      #"{"sources": [{"src": "https://cdn.example/x.mp4", "ssai": {"integration": "x"}}], "duration": 2}"#
    for name in ["a", "b", "c"] {
      try scratch.write("suite/\(name).scenario.json", #"{"plugin": "ok.lua", "source": "# + source + "}")
    }
    try scratch.write(
      "suite/z-endless.scenario.json",
      #"{"plugin": "endless.lua", "source": "# + source + #", "budgets": {"seconds": 0, "instructions": 0}}"#)
    return scratch.folder.appendingPathComponent("suite").path
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func anInterruptedTestKeepsWhatFinished(signal: Int32) throws {
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    let scratch = try Scratch()
    let suite = try Self.suite(scratch)
    let junit = scratch.folder.appendingPathComponent("junit.xml")
    let report = scratch.folder.appendingPathComponent("report")
    let child = try SignalledChild(["test", suite, "-j", "2", "--junit", junit.path, "--report", report.path])
    let finished = child.waitForOutput { $0.components(separatedBy: "PASS ").count == 4 }
    child.send(signal)
    let ended = child.waitForEnd()

    #expect(finished, "the finished scenarios' lines never came: \(child.output)")
    #expect(ended, "adhost test did not end after \(name)")
    #expect(child.endedBy(signal), "\(child.process.terminationReason) \(child.process.terminationStatus)")
    let lines = child.output.split(separator: "\n").map(String.init)
    #expect(
      lines == ["a", "b", "c"].map { "PASS \(suite)/\($0).scenario.json" } + [
        "INTERRUPTED \(suite)/z-endless.scenario.json", "3 passed, 0 failed, 1 interrupted",
      ], "\(child.output)")
    #expect(
      child.errors.contains("adhost test: interrupted by \(name); 1 scenario did not finish"),
      "\(child.errors)")

    let document = try XMLDocument(contentsOf: junit)
    let root = try #require(document.rootElement())
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "0")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let errors = try root.nodes(forXPath: "//testcase/error") as? [XMLElement] ?? []
    #expect(errors.count == 1)
    #expect(errors.first?.attribute(forName: "message")?.stringValue == "interrupted")
    let interrupted = try #require(errors.first?.parent as? XMLElement)
    #expect(interrupted.attribute(forName: "name")?.stringValue == "\(suite)/z-endless.scenario.json")

    let pages = try FileManager.default.contentsOfDirectory(atPath: report.path).sorted()
    #expect(pages.count == 4 && pages.contains("index.html"), "\(pages)")
    let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
    for scenario in ["a", "b", "c"] { #expect(index.contains("\(suite)/\(scenario).scenario.json")) }
    #expect(!index.contains("z-endless"))
  }

  @Test func anInterruptedTestKeepsItsJSONLines() throws {
    let scratch = try Scratch()
    let suite = try Self.suite(scratch)
    let child = try SignalledChild(["test", suite, "-j", "2", "--json"])
    let finished = child.waitForOutput { $0.components(separatedBy: #""passed":true"#).count == 4 }
    child.send(SIGTERM)
    #expect(finished && child.waitForEnd() && child.endedBy(SIGTERM), "\(child.output)\(child.errors)")
    let lines = child.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(child.output)")
    #expect(
      lines.dropLast().last
        == #"{"file":"\#(suite)/z-endless.scenario.json","passed":false,"interrupted":true,"#
        + #""failures":[],"snapshotUpdated":false}"#)
    #expect(lines.last == #"{"passed":3,"failed":0,"interrupted":1}"#)
  }

  @Test func anInterruptedRunWritesTheReportOfWhatHadPlayed() throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      #"player.ads:registerServerSideIntegration("test", function() return { setSource = function() return true end } end)"#
    )
    let source = try scratch.source(duration: 600, ssai: #"{"integration": "test"}"#)
    let report = scratch.folder.appendingPathComponent("report.html")
    let child = try SignalledChild(["run", plugin, source, "--realtime", "--report", report.path])
    let playing = child.waitForOutput { $0.contains("  playing") }
    child.send(SIGINT)
    #expect(playing && child.waitForEnd() && child.endedBy(SIGINT), "\(child.output)\(child.errors)")
    #expect(child.errors.contains("adhost run: interrupted by SIGINT"), "\(child.errors)")
    #expect(child.errors.contains("adhost run: the report \(report.path) shows what had played"))
    let page = try String(contentsOf: report, encoding: .utf8)
    #expect(page.contains("adhost run interrupted by SIGINT"))
    #expect(page.contains("sourcechange"))
  }

  /// The writing after a signal is bounded by the user: here it waits on a pipe nobody reads,
  /// and a second signal ends the process at once, by that signal.
  @Test func aSecondSignalEndsTheWritingAtOnce() throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      #"player.ads:registerServerSideIntegration("test", function() return { setSource = function() return true end } end)"#
    )
    // A day of content with every timeupdate printed: far more than a pipe holds.
    let source = try scratch.source(duration: 86_400, ssai: #"{"integration": "test"}"#)
    let child = try SignalledChild(["run", plugin, source, "--timeupdates"], readsOutput: false)
    let full = child.waitForFullPipe()
    child.send(SIGTERM)
    child.send(SIGINT)
    #expect(full, "the output pipe never filled: \(child.errors)")
    #expect(child.waitForEnd(), "adhost run hung after two signals")
    #expect(child.endedBy(SIGINT) || child.endedBy(SIGTERM))
  }
}
