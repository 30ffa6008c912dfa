import Foundation
import Synchronization

/// The `adhost-gst` helper process: the host writes commands as JSON lines and the helper's
/// events arrive in `events`. Its input is one end of a socket pair, written with `MSG_NOSIGNAL`,
/// so a helper that died makes a write fail instead of ending the host with `SIGPIPE`. Any thread.
final class EngineHelper: Sendable {
  let events: EngineEventQueue
  private let process: Process
  private let input: Int32
  private let stopping = StopFlag()
  private let inputOpen = Mutex(true)

  /// The helper's process id.
  var processIdentifier: Int32 { process.processIdentifier }

  init(executable: URL, environment: [String: String], events: EngineEventQueue)
    throws(GStreamerEngineFailure)
  {
    self.events = events
    // Close-on-exec: the helper gets its end as its standard input only, never a copy of the
    // host's end, which would keep its input open after the host closed it (or died).
    var pair: [Int32] = [-1, -1]
    let socketType = SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue
    guard socketpair(AF_UNIX, Int32(socketType), 0, &pair) == 0 else {
      throw .cannotStart("cannot make the helper's command socket: errno \(errno)")
    }
    input = pair[0]
    let childInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
    let output = Pipe()
    process = Process()
    process.executableURL = executable
    process.environment = environment
    process.standardInput = childInput
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      close(pair[0])
      throw .cannotStart("cannot start \(executable.path): \(error)")
    }
    try? childInput.close()
    let events = events
    let process = process
    let stopping = stopping
    let reader = Thread {
      var lines = BoundedLines()
      let handle = output.fileHandleForReading
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        for line in lines.feed(data) {
          if let event = EngineEvent(line: line) { events.push(event) }
        }
      }
      process.waitUntilExit()
      events.close(with: Self.ending(of: process, asked: stopping.isSet))
    }
    reader.name = "adhost-gst.reader"
    reader.start()
  }

  deinit {
    kill()
    closeInput()
  }

  /// Writes one command line; false when the helper no longer reads.
  @discardableResult
  func send(_ line: String) -> Bool {
    let bytes = Array((line + "\n").utf8)
    return inputOpen.withLock { open in
      guard open else { return false }
      var offset = 0
      while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes {
          Foundation.send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  /// Asks the helper to stop (pipeline to NULL, exit), then kills it if it has not exited within
  /// `grace` seconds.
  func stop(grace: Double) {
    stopping.set()
    send(#"{"cmd":"stop"}"#)
    closeInput()
    let deadline = Date(timeIntervalSinceNow: grace)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    kill()
  }

  /// Ends the helper at once.
  func kill() {
    if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
  }

  private func closeInput() {
    inputOpen.withLock { open in
      if open { close(input) }
      open = false
    }
  }

  /// The last event: an exit that was asked for, or a crash that says how the helper ended.
  private static func ending(of process: Process, asked: Bool) -> EngineEvent {
    let status = process.terminationStatus
    let pid = process.processIdentifier
    if process.terminationReason == .uncaughtSignal {
      return .crashed("the GStreamer helper (adhost-gst, pid \(pid)) was ended by signal \(status)")
    }
    if asked && status == 0 { return .exited(status: status) }
    return .crashed(
      asked
        ? "the GStreamer helper (adhost-gst, pid \(pid)) exited with status \(status) while stopping"
        : "the GStreamer helper (adhost-gst, pid \(pid)) exited with status \(status) without being asked")
  }
}

/// Whether the host asked the helper to stop. Any thread.
private final class StopFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}

/// Splits the helper's output into lines; a line over 1 MiB is dropped (the helper's are far
/// shorter), so the host's memory does not grow with what the helper writes.
struct BoundedLines {
  private var pending = Data()
  private var dropping = false

  mutating func feed(_ data: Data) -> [String] {
    var lines: [String] = []
    var start = data.startIndex
    while let newline = data[start...].firstIndex(of: 0x0A) {
      if !dropping { lines.append(String(decoding: pending + data[start..<newline], as: UTF8.self)) }
      pending.removeAll()
      dropping = false
      start = data.index(after: newline)
    }
    if !dropping { pending.append(contentsOf: data[start...]) }
    if pending.count > 1 << 20 {
      pending.removeAll()
      dropping = true
    }
    return lines
  }
}
