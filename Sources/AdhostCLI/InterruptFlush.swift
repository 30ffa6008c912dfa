import Dispatch
import Foundation
import WebViewKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM during `adhost run`: the event lines already played are sent on their way,
/// a note says what stopped the run, and the process then ends by the same signal (a shell sees
/// it interrupted). A `--record` recording keeps every exchange completed before. The display
/// views open then are not settled (the host's thread is busy where the signal found it): their
/// helper processes and Xvfb displays are ended, so that none outlives the run.
enum InterruptFlush {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  private static let lock = NSLock()

  /// Watches for the signals from now on (once per process; a capturing console is left alone).
  static func install(_ console: Console) {
    guard !console.isCapturing else { return }
    lock.withLock {
      guard sources.isEmpty else { return }
      for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
        // Ignored by the default action, so that the dispatch source gets it.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
          console.flush()
          console.printError("adhost run: interrupted by \(name); the lines above are what had played")
          EngineProcesses.killAll()
          // Ended by the same signal. Dispatch threads (and children of a process whose thread
          // blocked it) block signals: unblock it here first, else it would stay pending.
          signal(number, SIG_DFL)
          var set = sigset_t()
          sigemptyset(&set)
          sigaddset(&set, number)
          pthread_sigmask(SIG_UNBLOCK, &set, nil)
          raise(number)
          _exit(128 + number)
        }
        source.resume()
        sources.append(source)
      }
    }
  }
}
