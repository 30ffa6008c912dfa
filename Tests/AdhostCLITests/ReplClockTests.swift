import Foundation
import LoopbackHTTP
import TestFiles
import Testing

@testable import AdhostCLI

/// The REPL's clock while the content is paused, what a `:stop-at` stop leaves to see, and
/// script mode's transcript.
@Suite struct ReplClockTests {
  /// Runs the lines through a REPL session (script mode) and returns what it printed.
  func session(_ lines: [String], plugin: String?, source: String?, echo: Bool = false) async throws -> String
  {
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    try await onOwnThread {
      let session = try ReplSession(
        console: console, options: options, pluginPath: plugin, sourcePath: source)
      session.readEvaluatePrint(ScriptedLineReader(lines), prompts: false, echo: echo)
    }
    return console.output
  }

  static let plugin = """
    local ctl
    player.ads:registerServerSideIntegration("test", function(c)
      ctl = c
      return { setSource = function() return true end }
    end)
    """

  @Test func stepMovesTheClockWhileTheContentIsPausedAndTimersFire() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua", Self.plugin + "\ntimer.after(2, function() firedAt = timer.now() end)\n")
    let source = try scratch.source(duration: 30, ssai: #"{"integration": "test"}"#)
    let output = try await session(
      [":step 3", "timer.now()", "player.currentTime", "player.paused", "firedAt"], plugin: plugin,
      source: source)
    #expect(output.contains("-- at 3 s (the content is paused at 0 s)\n3.0\n0.0\ntrue\n2.0\n"), "\(output)")
    #expect(!output.contains("stalled"))
  }

  @Test func theBeaconsOfTheInstantAStopAtStoppedAreListed() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // The answer takes a while: the stop comes long before it.
    server.route("/beacon") { _ in LoopbackResponse(status: 204, fault: .delay(0.3)) }
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      Self.plugin + """

        timer.after(1, function()
          beacon.send({"\(server.url("/beacon").absoluteString)"}, "impression")
          ctl:createAdBreak({timeOffset = 20})
        end)
        """)
    let source = try scratch.source(duration: 30, ssai: #"{"integration": "test"}"#)
    let output = try await session(
      [":stop-at addadbreak", ":step 5", ":beacons"], plugin: plugin, source: source)
    #expect(output.contains("-- at 1 s: stopped at addadbreak"), "\(output)")
    let listed = output.components(separatedBy: "-- at 1 s: stopped at addadbreak\n").last ?? ""
    #expect(listed.contains("beacon  event=impression"), "\(output)")
    #expect(listed.contains("status=204"), "\(output)")
  }

  @Test func scriptModeEchoesEachLineAfterThePrompt() async throws {
    let output = try await session(
      ["1 + 1", "local function f()", "  return 3", "end", ":stop-at"], plugin: nil, source: nil, echo: true)
    #expect(
      output == """
        adhost> 1 + 1
        2
        adhost> local function f()
            >>   return 3
            >> end
        adhost> :stop-at
        no stop events

        """)
  }

  /// `:stop-at` takes the type of a log entry (`LogKind`); another name is refused, not kept as
  /// a stop that can never come.
  @Test func stopAtRefusesANameThatIsNoEntrysType() async throws {
    let output = try await session(
      [":stop-at adbegun", ":stop-at adbegin", ":stop-at"], plugin: nil, source: nil, echo: true)
    #expect(
      output.contains("adbegun is not the type of a log entry (adbegin, beacon, cue, …)\n"), "\(output)")
    #expect(output.contains("adhost> :stop-at\nadbegin\n"), "\(output)")
  }
}

extension ReplClockTests {
  /// docs/repl.md's completion examples, as the REPL completes them.
  @Test func theDocumentedCompletionsAreWhatTheReplCompletes() async throws {
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/repl.md"), encoding: .utf8)
    #expect(docs.contains("(`player.cur`⇥ → `player.currentTime`"))
    let completions = try await onOwnThread {
      let session = try ReplSession(console: console, options: options, pluginPath: nil, sourcePath: nil)
      return [session.completions(for: "player.cur"), session.completions(for: "player.cu").sorted()]
    }
    #expect(completions == [["player.currentTime"], ["player.cues", "player.currentTime"]])
  }
}
