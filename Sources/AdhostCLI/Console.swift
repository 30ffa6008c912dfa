import Foundation
import OutsideText
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
  private typealias Glibc = Darwin
#endif

/// Where a command writes: standard output and error, with colour only on a terminal and never
/// when `NO_COLOR` is set (https://no-color.org). Any thread.
public final class Console: Sendable {
  /// What is written and not sent yet, or what a capturing console kept.
  private struct Written {
    var captured: [String] = []
    var capturedErrors: [String] = []
    var pending: [UInt8] = []
  }

  /// Whether styled output is allowed on standard output.
  public let colours: Bool
  /// Whether this console keeps what is written (a test's) instead of writing it.
  public let isCapturing: Bool
  /// A signal handler flushes `pending` from another thread.
  private let written = Mutex(Written())
  private let eachLine: Atomic<Bool>

  /// Whether each line is sent at once (on a terminal, and for `--realtime` runs) rather than
  /// gathered into large writes.
  public var flushesEachLine: Bool {
    get { eachLine.load(ordering: .relaxed) }
    set { eachLine.store(newValue, ordering: .relaxed) }
  }

  /// A console on the process's standard output and error.
  public init(environment: [String: String]) {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    colours = !noColor && isatty(STDOUT_FILENO) == 1
    isCapturing = false
    eachLine = Atomic(isatty(STDOUT_FILENO) == 1)
  }

  /// A console that keeps what is written, for tests.
  public init(capturing: Void) {
    colours = false
    isCapturing = true
    eachLine = Atomic(false)
  }

  /// What was written to standard output, when capturing.
  public var output: String { written.withLock { $0.captured.joined() } }
  /// What was written to standard error, when capturing.
  public var errorOutput: String { written.withLock { $0.capturedErrors.joined() } }

  /// Writes a line to standard output.
  public func print(_ line: String) { write(line + "\n") }

  /// Writes text to standard output as is.
  public func write(_ text: String) {
    if isCapturing {
      written.withLock { $0.captured.append(text) }
    } else {
      let full = written.withLock { written in
        written.pending.append(contentsOf: text.utf8)
        return written.pending.count >= 1 << 16
      }
      if flushesEachLine || full { flush() }
    }
  }

  /// Writes a line to standard error, its control characters escaped but line feeds and tabs
  /// (`TerminalEscape.lines`): messages carry plugins' and ad servers' text. The secrets of the
  /// URLs in it are redacted (`SecretRedaction.text`), as the log's are.
  public func printError(_ message: String) {
    let line = TerminalEscape.lines(SecretRedaction.standard.text(message))
    if isCapturing {
      written.withLock { $0.capturedErrors.append(line + "\n") }
    } else {
      flush()
      Self.writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
    }
  }

  /// Text in an ANSI style (`"1"` bold, `"31"` red, `"2"` dim, …) when colours are on.
  public func styled(_ text: String, _ style: String) -> String {
    colours ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
  }

  /// Sends buffered standard output on its way.
  public func flush() {
    written.withLock { written in
      guard !written.pending.isEmpty else { return }
      Self.writeAll(written.pending, to: STDOUT_FILENO)
      written.pending.removeAll(keepingCapacity: true)
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written <= 0 {
          if written < 0 && errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
