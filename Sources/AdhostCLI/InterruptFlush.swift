import Dispatch
import Foundation
import Synchronization
import WebViewKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM during `adhost run`, `display` and `test`: the engine's processes end, the
/// command keeps what had finished (`keep`: its lines, its counts, its report files), a note
/// on standard error says what stopped it, and the process then ends by the same signal (a shell
/// or a CI runner sees it interrupted). The work after a signal is bounded by the user: a second
/// SIGINT or SIGTERM while it runs (a pipe nobody reads, a disk that hangs) ends the process at
/// once. The display views open then are not settled (the host's thread is busy where the signal
/// found it): their helper processes and Xvfb displays are killed, so that none outlives the run.
enum InterruptFlush {
  /// What a command keeps on a signal, given the signal's name ("SIGINT"); run on the signal's
  /// thread while the command's own threads go on, so it reads their state under their locks.
  typealias Keep = @Sendable (_ signal: String) -> Void

  /// The signal sources watching, and whether a signal came.
  private struct Watch {
    var sources: [DispatchSourceSignal] = []
    var caught = false
  }

  private static let watch = Mutex(Watch())
  /// Held by whoever writes the command's outcome: the command at its end (`conclude`), or the
  /// first signal's `keep`, which never lets it go.
  // why: held across the command's outcome and, by a signal, until the process ends: not scoped.
  private static let outcome = NSLock()
  /// Whether the command wrote its outcome (under `outcome`).
  private static let concluded = Atomic<Bool>(false)
  private static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")]

  /// Watches for the signals from now on (once per process: a later call changes nothing; a
  /// capturing console — a test's in-process command — is left alone). `keep` runs on the first.
  static func install(_ console: Console, keep: @escaping Keep) {
    guard !console.isCapturing else { return }
    watch.withLock { watch in
      guard watch.sources.isEmpty else { return }
      for (number, name) in signals {
        // Ignored by the default action, so that the dispatch source gets it.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
          let first = Self.watch.withLock { watch in
            defer { watch.caught = true }
            return !watch.caught
          }
          restoreDefaultActions()
          // The other signal while the first one's work runs: the end, at once.
          guard first else { end(by: number) }
          EngineProcesses.killAll()
          // While the command writes its complete outcome, that is waited for and kept instead.
          outcome.lock()
          if !concluded.load(ordering: .relaxed) { keep(name) }
          console.flush()
          end(by: number)
        }
        source.resume()
        watch.sources.append(source)
      }
    }
  }

  /// Runs `body`, which writes the command's outcome once its work is done, unless a signal came
  /// first: then the signal's `keep` writes what had finished instead, and this waits for the
  /// process to end by the signal. Without `install`, `body` just runs.
  static func conclude<Value>(_ body: () throws -> Value) rethrows -> Value {
    guard watch.withLock({ !$0.sources.isEmpty }) else { return try body() }
    outcome.lock()
    defer { outcome.unlock() }
    concluded.store(true, ordering: .relaxed)
    return try body()
  }

  /// The note a command prints on standard error once it kept what it could.
  static func note(_ command: String, _ signal: String, _ detail: String) -> String {
    "adhost \(command): interrupted by \(signal)\(detail.isEmpty ? "" : "; " + detail)"
  }

  /// From now on either signal ends the process by its default action, even while this thread
  /// writes: dispatch threads block signals, so it is unblocked here, where the kernel then
  /// delivers it.
  private static func restoreDefaultActions() {
    var set = sigset_t()
    sigemptyset(&set)
    for (number, _) in signals {
      signal(number, SIG_DFL)
      sigaddset(&set, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Ends the process by `number`'s default action, as if nothing had caught it.
  private static func end(by number: Int32) -> Never {
    raise(number)
    _exit(128 + number)
  }
}
