import Foundation
import TestFiles
import Testing

@testable import AdhostCLI

/// Scripted REPL sessions: the lines a user would type, and what the REPL prints.
@Suite struct ReplTests {
  let omnibox = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  /// Runs the lines through a REPL session and returns what it printed.
  func session(_ lines: [String], plugin: String? = nil, source: String? = nil) async throws -> String {
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    try await onOwnThread {
      let session = try ReplSession(
        console: console, options: options, pluginPath: plugin, sourcePath: source)
      session.readEvaluatePrint(ScriptedLineReader(lines), prompts: false)
    }
    return console.output
  }

  @Test func expressionsStatementsAndMultiLineChunks() async throws {
    let output = try await session([
      "1 + 1", "'two'", "local function twice(x)", "  return x * 2", "end", "x = 21",
      "function twice(v)", "  return v * 2", "end", "twice(x)", "{1, 2, n = 'x', [true] = {}}", "nil, false",
    ])
    #expect(output == "2\n\"two\"\n42\n{1, 2, n = \"x\", [true] = {}}\nnil\tfalse\n")
  }

  @Test func valuesAreLimitedInDepthAndLengthAndCyclesAreMarked() async throws {
    let output = try await session([
      "local t = {} t.self = t return t", "{{{{'deep'}}}}",
      "(function() local t = {} for i = 1, 25 do t[i] = i end return t end)()",
    ])
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "{self = <cycle>}")
    #expect(lines.dropFirst().first == "{{{{...}}}}")
    #expect(lines.last?.hasSuffix("20, ... (5 more)}") == true, "\(lines)")
  }

  @Test func errorsPrintWithATracebackAndTheSessionGoesOn() async throws {
    let output = try await session(["error('boom')", "local = 1", "1 + 1"])
    #expect(output.contains("stdin:1: boom"))
    #expect(output.contains("stack traceback"))
    #expect(!output.contains("[repl]"))
    #expect(output.contains("stdin:1: <name> expected near '='"))
    #expect(output.hasSuffix("2\n"))
  }

  @Test func commandsDriveTheClockAndShowTheSchedule() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let source = try scratch.source(
      duration: 30,
      ssai: #"{"integration": "omnibox", "placement": "p", "midrolls": [10], "endpoint": ""# + server.base
        + #"/ads/direct"}"#)
    let output = try await session(
      [
        ":breaks", "player.currentTime", ":play", ":step 2", "controller.ads[1]", ":stop-at adend", ":run",
        ":skip", ":events 2", ":beacons", ":seek 5", "player.currentTime", ":stop-at none", ":nope",
        ":help step",
        ":quit", "'never evaluated'",
      ], plugin: omnibox, source: source)
    #expect(output.contains("0s        10s      scheduled ad-1 (scheduled)"), "\(output)")
    #expect(output.contains("\n0.0\n"))
    #expect(output.contains("adbegin  ad=ad-1  break@0"))
    #expect(output.contains("-- at 2 s\n"))
    #expect(output.contains(#"Ad linear "ad-1" 10s skip@5 in break@0"#))
    #expect(output.contains("-- at 10 s: stopped at adend"))
    #expect(output.contains("beacon  ad=ad-1  event=impression"))
    #expect(output.contains("\n5.0\n"))
    #expect(output.contains("unknown command :nope"))
    #expect(output.contains(":step [SECONDS]\n  move the clock"))
    #expect(!output.contains("never evaluated"))
  }

  @Test func reloadReadsThePluginAgainFromDisk() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua", #"VERSION = 1 player.ads:registerServerSideIntegration("t", function() return {} end)"#)
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    try await onOwnThread {
      let session = try ReplSession(console: console, options: options, pluginPath: plugin, sourcePath: nil)
      session.readEvaluatePrint(ScriptedLineReader(["VERSION", "marker = 'kept?'"]), prompts: false)
      try Data(#"VERSION = 2 player.ads:registerServerSideIntegration("t", function() return {} end)"#.utf8)
        .write(to: URL(fileURLWithPath: plugin))
      session.readEvaluatePrint(ScriptedLineReader([":reload", "VERSION", "marker"]), prompts: false)
    }
    #expect(console.output == "1\nreloaded \(plugin)\n2\nnil\n")
  }

  @Test func completionOffersGlobalsFieldsMethodsAndCommands() async throws {
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    let completions = try await onOwnThread {
      let session = try ReplSession(console: console, options: options, pluginPath: omnibox, sourcePath: nil)
      return [
        session.completions(for: "pla"), session.completions(for: "player.cur"),
        session.completions(for: "player.ads:reg"), session.completions(for: ":st"),
        session.completions(for: "json.enc"),
      ]
    }
    #expect(
      completions == [
        ["player"], ["player.currentTime"], ["player.ads:registerServerSideIntegration"],
        [":step", ":stop-at"],
        ["json.encode"],
      ])
  }
}
