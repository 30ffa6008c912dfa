import AdPlayer
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// While `body` moves the clock, Ctrl-C stops the clock (the run ends "interrupted") instead of
/// ending the REPL; at the prompt it keeps its usual meaning.
func interruptible<Value>(_ loop: HostLoop, _ body: () -> Value) -> Value {
  let interrupter = loop.interrupter
  signal(SIGINT, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
  source.setEventHandler { interrupter.interrupt("interrupted") }
  source.resume()
  defer {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
  return body()
}
