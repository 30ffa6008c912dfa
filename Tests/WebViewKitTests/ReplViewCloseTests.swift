import Foundation
import Testing
import WebViewKit

@testable import AdhostCLI

/// `adhost repl` closes the views its plugin left open when it ends (`:quit`, the end of input),
/// as a run does at its end.
@Suite(.serialized) struct ReplViewCloseTests {
  @Test func quittingTheReplClosesAViewThePluginOpenedAndEndsItsProcesses() async throws {
    let scratch = try ScratchFolder()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      opened = assert(webview.open({ width = 100, height = 100 }))
      player.ads:registerServerSideIntegration("held", function() return {} end)
      """)
    let console = Console(capturing: ())
    let options = try RunOptions(try ParsedArguments([], spec: RunOptions.spec))
    // Checked while the session (and its host) still lives: the REPL's end closed the view.
    let (processes, stillRunning, output) = try await onOwnThread {
      let session = try ReplSession(console: console, options: options, pluginPath: plugin, sourcePath: nil)
      let processes = EngineProcesses.identifiers
      session.readEvaluatePrint(ScriptedLineReader(["opened.closed", ":quit"]), prompts: false)
      let stillRunning = processes.filter { kill($0, 0) == 0 }
      return (processes, stillRunning, console.output)
    }
    #expect(processes.count >= 2, "a helper and its Xvfb were running: \(processes)")
    #expect(stillRunning.isEmpty, "outlived the REPL: \(stillRunning)")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.contains("false"), "\(output)")
    #expect(lines.last?.hasSuffix("close  reason=end of run") == true, "\(output)")
  }
}
