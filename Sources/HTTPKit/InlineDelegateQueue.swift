import Foundation

/// A delegate queue that runs each callback at once, on the thread that reports it.
///
/// swift-corelibs-foundation's URLSession hands each chunk of a body to its delegate queue
/// asynchronously while libcurl goes on reading and inflating on its own thread; with an ordinary
/// queue the chunks of a gzip bomb pile up in memory (≈ 1.2 GB for a 1.2 MB body) before the
/// body cap can cancel the task. Inline, every chunk past the cap is dropped as it arrives. The
/// delegate must therefore never wait for the session's work queue (no `task.cancel()` or
/// `resume()` inline) and must not block.
// why: OperationQueue is not Sendable in swift-corelibs-foundation; this subclass adds no state.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }

  override func addOperation(_ operation: Operation) {
    operation.start()
  }
}
