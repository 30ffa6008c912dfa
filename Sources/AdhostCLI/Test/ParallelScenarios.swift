import Foundation
import PluginHost

/// Runs scenarios on `jobs` threads of their own (a host loop blocks its thread: never one of
/// the tasks' pool) and hands each result on in path order as soon as those before it are done.
enum ParallelScenarios {
  static func run(
    _ files: [String], jobs: Int, update: Bool, report: Bool = false, libraries: [String] = [],
    views: PluginViewOptions = PluginViewOptions(),
    inOrder: @escaping @Sendable (ScenarioResult) -> Void
  ) async -> [ScenarioResult] {
    let state = ParallelState(count: files.count, inOrder: inOrder)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let workers = min(jobs, files.count)
      guard workers > 0 else { return continuation.resume() }
      let group = DispatchGroup()
      for _ in 0..<workers {
        group.enter()
        let thread = Thread {
          while let index = state.next() {
            state.finish(
              index,
              ScenarioResult.of(
                files[index], update: update, report: report, libraries: libraries, views: views))
          }
          group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
      }
      group.notify(queue: .global()) { continuation.resume() }
    }
    return state.results
  }
}

/// The work list and the results, behind a lock.
private final class ParallelState: @unchecked Sendable {
  private let lock = NSLock()
  private let count: Int
  private let inOrder: (ScenarioResult) -> Void
  private var taken = 0
  private var printed = 0
  private var done: [ScenarioResult?]

  init(count: Int, inOrder: @escaping (ScenarioResult) -> Void) {
    self.count = count
    self.inOrder = inOrder
    done = Array(repeating: nil, count: count)
  }

  func next() -> Int? {
    lock.withLock {
      guard taken < count else { return nil }
      defer { taken += 1 }
      return taken
    }
  }

  func finish(_ index: Int, _ result: ScenarioResult) {
    lock.withLock {
      done[index] = result
      while printed < count, let ready = done[printed] {
        inOrder(ready)
        printed += 1
      }
    }
  }

  var results: [ScenarioResult] { lock.withLock { done.compactMap { $0 } } }
}
