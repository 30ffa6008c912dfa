import Foundation
import LoopbackHTTP
import Testing

/// `adhost run --realtime` interrupted: the lines already played were printed as they happened
/// (not held in a buffer and lost), and the recording keeps the completed exchanges.
@Suite struct RealtimeInterruptTests {
  private static let executable = URL(fileURLWithPath: builtAdhost)

  /// Standard output of a child, gathered on a thread; `playing` is signalled once the line of the
  /// `playing` event has come.
  private final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    let playing = DispatchSemaphore(value: 0)

    func read(_ handle: FileHandle) {
      Thread.detachNewThread { [self] in
        var signalled = false
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          let text = lock.withLock {
            data.append(chunk)
            return String(decoding: data, as: UTF8.self)
          }
          if !signalled && text.contains("  playing") && text.hasSuffix("\n") {
            signalled = true
            playing.signal()
          }
        }
      }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalKeepsThePlayedLinesAndTheRecording(signal: Int32) throws {
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "run swift build first")
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

    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["run", plugin, source, "--realtime", "--record", recording.path]
    process.environment = ["NO_COLOR": "1"].merging(sanitizerEnvironment) { own, _ in own }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let output = Output()
    try process.run()
    output.read(stdout.fileHandleForReading)
    // Content of 10 minutes at wall-clock pace: lines must come while it plays, long before it ends.
    let appeared = output.playing.wait(timeout: .now() + 20) == .success
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

    #expect(appeared, "no event line while the run played")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
    #expect(output.text.contains("sourcechange"), "\(output.text)")
    #expect(output.text.contains("playing"), "\(output.text)")
    #expect(errors.contains("adhost run: interrupted by \(name)"), "\(errors)")
    let index = try String(contentsOf: recording.appendingPathComponent("index.json"), encoding: .utf8)
    #expect(index.contains("/session"), "\(index)")
  }
}
