import Foundation
import LoopbackHTTP
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost repl --faults`: the plan applies to the requests a REPL session makes, as in `adhost run`.
@Suite struct ReplFaultsTests {
  @Test func aFaultPlanRefusesTheSessionsBeaconsBeforeTheServerSeesThem() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/beacon") { _ in LoopbackResponse(status: 204) }
    let scratch = try Scratch()
    let plan = try scratch.write(
      "plan.json", #"{"rules": [{"kind": "beacon", "fault": "refuse"}]}"#)
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function()
        return { setSource = function() return true end }
      end)
      timer.after(1, function()
        beacon.send({"\(server.url("/beacon").absoluteString)"}, "impression")
      end)
      """)
    let source = try scratch.source(duration: 30, ssai: #"{"integration": "test"}"#)
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments(["--faults", plan], spec: RunOptions.spec))
    try await onOwnThread {
      let session = try ReplSession(
        console: console, options: options, pluginPath: plugin, sourcePath: source)
      session.readEvaluatePrint(ScriptedLineReader([":step 5", ":beacons"]), prompts: false, echo: false)
    }
    let output = console.output
    #expect(output.contains("connection refused"), "\(output)")
    #expect(server.requests(for: "/beacon").isEmpty)
  }
}
