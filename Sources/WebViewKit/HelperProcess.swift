import Foundation
import OutsideText
import Synchronization

/// The `adhost-webview` helper process, on its own display: the host writes commands as JSON
/// lines and its events arrive in `events`. A helper that hangs or dies never takes the host with
/// it: every wait has a deadline, and `kill()` ends it. `send` and `trust` may be called from any
/// thread (the proxy's connections ask for trust); the rest belongs to the host's thread.
final class HelperProcess: Sendable {
  let events = EventQueue<WebViewEvent>()
  private let process = Process()
  private let display: HeadlessDisplay
  /// The helper's input. Commands come from the host's thread and the proxy's connections: one
  /// line at a time.
  private let commands: Mutex<FileHandle>
  private let answers = HelperAnswers()

  init(width: Int, height: Int) throws(WebViewError) {
    display = try HeadlessDisplay(width: width, height: height)
    let output = Pipe()
    process.executableURL = try Self.helperURL()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display.name
    environment["GDK_BACKEND"] = "x11"
    environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
    // No accessibility bus in a headless run: without this GTK waits for one and warns.
    environment["NO_AT_BRIDGE"] = "1"
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    commands = Mutex(input.fileHandleForWriting)
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .engine("cannot start \(process.executableURL?.path ?? "adhost-webview"): \(error)")
    }
    EngineProcesses.started(process.processIdentifier)
    let events = events
    let answers = answers
    let reader = Thread {
      var lines = HelperLines()
      let handle = output.fileHandleForReading
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        for piece in lines.feed(data) {
          switch piece {
          case .line(let line):
            guard let event = Self.event(from: line) else { continue }
            // An answer to a waiting thread (not the host's), or an event for the host.
            if !answers.deliver(event) { events.push(event) }
          case .overlong(let bytes):
            events.push(
              WebViewEvent(
                "error",
                [("message", .string("a line of the engine of \(bytes) bytes was dropped (over 1 MiB)"))]))
          }
        }
      }
      answers.closeAll()
      events.push(WebViewEvent("exited"))
    }
    reader.name = "adhost-webview.reader"
    reader.start()
  }

  // A helper that exited by itself (never `kill`ed) leaves the list with its process object.
  deinit { EngineProcesses.ended(process.processIdentifier) }

  /// Writes one command.
  func send(_ command: [String: Any]) {
    guard process.isRunning, let json = JSONValue(any: command) else { return }
    let data = Data(json.jsonText.utf8)
    // A helper that died closes the pipe: the write fails, and the reader reports the exit.
    commands.withLock { try? $0.write(contentsOf: data + Data([0x0A])) }
  }

  /// Has the view accept the proxy's certificate for `host` (`trust`), from any thread: nil once
  /// the helper did, else why not (it said no, it exited, or `seconds` passed).
  func trust(host: String, seconds: Double) -> String? {
    let (token, answer) = answers.expect()
    send(["cmd": "trust", "host": host, "token": token])
    guard let event = answer.wait(seconds: seconds) else {
      answers.forget(token)
      return "the engine did not answer within \(seconds) s"
    }
    return event.bool("ok") == true ? nil : "the engine refused (\(event.type))"
  }

  /// Asks the helper to quit, then kills it if it has not within `grace` seconds; stops the display.
  func finish(grace: Double = 2) {
    send(["cmd": "quit"])
    commands.withLock { try? $0.close() }
    let deadline = Date(timeIntervalSinceNow: grace)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    kill()
  }

  /// Ends the helper at once (its WebKit processes exit when their connection to it closes).
  func kill() {
    if process.isRunning {
      Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    EngineProcesses.ended(process.processIdentifier)
    display.stop()
  }

  /// The helper executable: `ADHOST_WEBVIEW` when set, else `adhost-webview` in the folder of the
  /// running program's real file (`/proc/self/exe`, symbolic links resolved). Never the current
  /// folder, nor argv[0] relative to it: started from PATH, argv[0] is a bare name, and a helper
  /// found there would be whatever file the current folder holds.
  static func helperURL() throws(WebViewError) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["ADHOST_WEBVIEW"], !path.isEmpty { return URL(fileURLWithPath: path) }
    guard let program = runningExecutable() else {
      throw .engine("cannot find the running program's file (/proc/self/exe); set ADHOST_WEBVIEW")
    }
    return try helperURL(besideExecutable: program)
  }

  /// `adhost-webview` in the folder of `program` (a path whose links are resolved first), or why not.
  static func helperURL(besideExecutable program: URL) throws(WebViewError) -> URL {
    let real = URL(fileURLWithPath: program.path).resolvingSymlinksInPath()
    let candidate = real.deletingLastPathComponent().appendingPathComponent("adhost-webview")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
      throw .engine(
        "adhost-webview not found beside \(real.path) (swift build builds it; or set ADHOST_WEBVIEW)")
    }
    return candidate
  }

  /// The running program's file as the kernel knows it: its real path, whatever argv[0] says.
  static func runningExecutable() -> URL? {
    guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      path.hasPrefix("/")
    else { return nil }
    return URL(fileURLWithPath: path)
  }

  private static func event(from line: Data) -> WebViewEvent? {
    guard let text = String(data: line, encoding: .utf8),
      let object = (try? JSONValue.parse(text))?.objectValue,
      let name = object["event"]?.stringValue
    else { return nil }
    var fields: [(String, WebViewEvent.Value)] = []
    for member in object.members.sorted(by: { $0.key < $1.key }) where member.key != "event" {
      switch member.value {
      case .bool(let flag): fields.append((member.key, .bool(flag)))
      case .string(let text): fields.append((member.key, .string(text)))
      case .number(let number): fields.append((member.key, .number(number)))
      default: break
      }
    }
    return WebViewEvent(name, fields)
  }
}
