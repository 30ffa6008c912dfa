import Foundation

/// The built `adhost` run as a child process with its output on pipes, for tests that interrupt
/// it with real signals: they wait for a line to appear (never for a time), send the signal and
/// read what it kept.
final class SignalledChild: @unchecked Sendable {
  /// How long a step may hang before the test gives up on it (a bound, not a speed check).
  static let hangBound: TimeInterval = 60

  let process = Process()
  private let lock = NSLock()
  private var standardOutput = Data()
  private var standardError = Data()
  private let changed = NSCondition()
  /// Pipes still read, and whether the child ended: guarded by `changed`.
  private var open = 0
  private var ended = false

  /// Starts `adhost arguments…`; standard output is read only when `readsOutput`.
  init(_ arguments: [String], readsOutput: Bool = true) throws {
    process.executableURL = URL(fileURLWithPath: builtAdhost)
    process.arguments = arguments
    process.environment = ["NO_COLOR": "1"].merging(sanitizerEnvironment) { own, _ in own }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    outputPipe = output
    process.terminationHandler = { [changed] _ in
      changed.lock()
      self.ended = true
      changed.broadcast()
      changed.unlock()
    }
    open = readsOutput ? 2 : 1
    try process.run()
    if readsOutput { read(output.fileHandleForReading, isOutput: true) }
    read(errors.fileHandleForReading, isOutput: false)
  }

  /// The standard output pipe (left unread unless `readsOutput`).
  let outputPipe: Pipe

  var output: String { lock.withLock { String(decoding: standardOutput, as: UTF8.self) } }
  var errors: String { lock.withLock { String(decoding: standardError, as: UTF8.self) } }

  /// Waits until standard output holds what `ready` looks for; false if it never did (the child
  /// ended, or the hang bound passed).
  func waitForOutput(_ ready: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(Self.hangBound)
    changed.lock()
    defer { changed.unlock() }
    while !ready(output) {
      guard !ended, changed.wait(until: deadline) else { return ready(output) }
    }
    return true
  }

  /// Waits until the unread standard output pipe is full (64 KiB, Linux's default), so that the
  /// child's next write blocks; false if it never filled.
  func waitForFullPipe() -> Bool {
    let deadline = Date().addingTimeInterval(Self.hangBound)
    var queued: Int32 = 0
    while Date() < deadline && !changed.withLock({ ended }) {
      guard ioctl(outputPipe.fileHandleForReading.fileDescriptor, UInt(FIONREAD), &queued) == 0 else { break }
      if queued >= 1 << 16 { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits for the child to end and its pipes to close; false (and the child killed) when it did
  /// not within the hang bound.
  func waitForEnd() -> Bool {
    let deadline = Date().addingTimeInterval(Self.hangBound)
    changed.lock()
    while !(ended && open == 0) && changed.wait(until: deadline) {}
    let done = ended
    changed.unlock()
    guard done else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return false
    }
    process.waitUntilExit()
    return true
  }

  /// Whether the child ended by `signal` (its default action, as a shell sees an interrupt).
  func endedBy(_ signal: Int32) -> Bool {
    process.terminationReason == .uncaughtSignal && process.terminationStatus == signal
  }

  private func read(_ handle: FileHandle, isOutput: Bool) {
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        changed.lock()
        if chunk.isEmpty {
          open -= 1
        } else {
          lock.withLock {
            if isOutput { standardOutput.append(chunk) } else { standardError.append(chunk) }
          }
        }
        changed.broadcast()
        changed.unlock()
        if chunk.isEmpty { break }
      }
    }
  }
}
