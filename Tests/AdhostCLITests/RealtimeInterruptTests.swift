import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `adhost run --realtime` interrupted: the lines already played were printed as they happened
/// (not held in a buffer and lost), and the recording keeps the completed exchanges.
@Suite struct RealtimeInterruptTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalKeepsThePlayedLinesAndTheRecording(signal: Int32) throws {
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    try #require(FileManager.default.isExecutableFile(atPath: builtAdhost), "run swift build first")
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/session") { _ in .text("{\"ok\": true}", type: "application/json") }
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function() http.get("\(server.url("/session").absoluteString)") return true end }
      end)
      """)
    let source = try scratch.source(duration: 600, ssai: #"{"integration": "test"}"#)
    let recording = scratch.folder.appendingPathComponent("recording")

    let child = try SignalledChild(["run", plugin, source, "--realtime", "--record", recording.path])
    // Content of 10 minutes at wall-clock pace: lines must come while it plays, long before it ends.
    let appeared = child.waitForOutput { $0.contains("  playing") && $0.hasSuffix("\n") }
    child.send(signal)
    let ended = child.waitForEnd()

    #expect(appeared, "no event line while the run played")
    #expect(ended && child.endedBy(signal))
    #expect(child.output.contains("sourcechange"), "\(child.output)")
    #expect(child.output.contains("playing"), "\(child.output)")
    #expect(child.errors.contains("adhost run: interrupted by \(name)"), "\(child.errors)")
    let index = try String(contentsOf: recording.appendingPathComponent("index.json"), encoding: .utf8)
    #expect(index.contains("/session"), "\(index)")
  }
}
