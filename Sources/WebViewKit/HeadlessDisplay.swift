import Foundation

/// A private X display: an `Xvfb` server with a screen of at least the view's size, started for
/// one view and stopped with it. Xvfb renders in software; WebKit draws into it with Mesa's
/// software GL. The GStreamer engine's window (`adhost run --engine gstreamer --show`) uses one
/// where the host has no display. Any thread.
public final class HeadlessDisplay: Sendable {
  /// The display's name, `:N`.
  public let name: String
  private let process: Process

  /// Starts Xvfb on a free display number (it picks one and writes it to `-displayfd`). It ends
  /// by itself once its last client (the helper) left (`-terminate`): a host killed without a
  /// word leaves no display behind.
  /// `terminating`: Xvfb ends when its last client leaves; false for a client that connects more
  /// than once (GStreamer's video sinks probe the display with a connection of their own first),
  /// which then needs `stop()`.
  public init(width: Int, height: Int, terminating: Bool = true) throws(WebViewError) {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: Self.xvfbPath)
    let screen = "\(max(width, 640))x\(max(height, 480))x24"
    process.arguments =
      ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"]
      + (terminating ? ["-terminate"] : [])
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .engine("cannot start Xvfb (\(Self.xvfbPath)): \(error); scripts/setup.sh installs it")
    }
    EngineProcesses.started(process.processIdentifier)
    // Xvfb writes the display number once it accepts connections.
    let number = Self.readLine(output.fileHandleForReading, seconds: 10)
    guard let number, Int(number) != nil else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      EngineProcesses.ended(process.processIdentifier)
      throw .engine("Xvfb did not start within 10 s")
    }
    self.process = process
    name = ":" + number
  }

  deinit { stop() }

  /// Ends Xvfb with SIGKILL: a child spawned from one of the runtime's threads inherits their
  /// blocked signals, so it never sees a SIGTERM.
  public func stop() {
    defer { EngineProcesses.ended(process.processIdentifier) }
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  private static var xvfbPath: String {
    ProcessInfo.processInfo.environment["ADHOST_XVFB"] ?? "/usr/bin/Xvfb"
  }

  /// The first line written to `handle`, read on another thread so that a silent Xvfb cannot
  /// hold the host past `seconds`.
  private static func readLine(_ handle: FileHandle, seconds: Double) -> String? {
    let lines = EventQueue<String>()
    let thread = Thread {
      var text = ""
      while !text.contains("\n") {
        let data = handle.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
      }
      lines.push(text.split(separator: "\n").first.map(String.init) ?? "")
    }
    thread.start()
    return lines.pop(before: Date(timeIntervalSinceNow: seconds))
  }
}
