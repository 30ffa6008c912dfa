import Foundation
import HTTPKit
import LuaKit
import PluginHost

/// Runs scenarios on `jobs` threads of their own (a host loop blocks its thread: never one of
/// the tasks' pool) and hands each result on in path order as soon as those before it are done.
/// Setup commands start ahead on a thread of their own (`SetupStarts`): no worker waits for one
/// while a scenario without a setup is left to run.
/// The runs share one `LuaChunkCache` and one `RecordingIndexCache`, made for this call, and the
/// progress's `ScenarioReads`: each Lua file is compiled, each recording's index and each JSON
/// file read once per `adhost test`, not once per scenario.
enum ParallelScenarios {
  static func run(
    _ progress: ScenarioProgress, jobs: Int, update: Bool, report: Bool = false, libraries: [String] = [],
    views: PluginViewOptions = PluginViewOptions(), fixtures: ScenarioFixtures = ScenarioFixtures(),
    chunks: LuaChunkCache = LuaChunkCache(), recordings: RecordingIndexCache = RecordingIndexCache()
  ) async -> [ScenarioResult] {
    let files = progress.files
    let reads = progress.reads
    let setups = SetupStarts(files: files, indices: progress.withSetup, fixtures: fixtures, reads: reads)
    progress.setupReady = { setups.isReady($0) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let workers = min(jobs, files.count)
      guard workers > 0 else { return continuation.resume() }
      let group = DispatchGroup()
      for _ in 0..<workers {
        group.enter()
        let thread = Thread {
          while let index = progress.next() {
            let setup = setups.indices.contains(index) ? { setups.take(index) } : nil
            progress.finish(
              index,
              ScenarioResult.of(
                files[index], update: update, report: report, libraries: libraries, views: views,
                fixtures: fixtures, chunks: chunks, recordings: recordings, reads: reads, setup: setup))
          }
          group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
      }
      group.notify(queue: .global()) { continuation.resume() }
    }
    setups.stopUntaken()
    return progress.results
  }
}

/// The scenarios of one `adhost test`, the work list and the results as they come, behind a lock:
/// a signal's thread stops it while the scenarios run (`stop`).
// why: `inOrder` (the command's printer, not Sendable) runs under `lock` on the workers' threads.
final class ScenarioProgress: @unchecked Sendable {
  /// The scenario files, in path order.
  let files: [String]
  /// The order they are handed out in (`next`): `ScenarioProgress.startOrder`.
  let order: [Int]
  // why: it guards `inOrder`'s calls, which a Mutex cannot take in (not Sendable).
  private let lock = NSLock()
  private let inOrder: (ScenarioResult) -> Void
  /// The scenarios that start a setup command, in path order.
  let withSetup: [Int]
  /// The JSON files of the run, each read once: the scenario files are read here first.
  let reads = ScenarioReads()
  /// Whether a scenario's setup has started (`SetupStarts.isReady`); set before `next` is
  /// first called. Until then every setup counts as started.
  var setupReady: @Sendable (Int) -> Bool = { _ in true }
  private var waiting: [Int]
  private var plain: [Int]
  private var printed = 0
  private var stopped = false
  private var done: [ScenarioResult?]

  /// `inOrder` gets each result in path order, as soon as those before it are done.
  init(files: [String], inOrder: @escaping (ScenarioResult) -> Void) {
    self.files = files
    self.inOrder = inOrder
    let reads = self.reads
    let setups = files.indices.filter { Self.hasSetup(files[$0], reads) }
    withSetup = setups
    waiting = setups
    plain = files.indices.filter { !setups.contains($0) }
    order = setups + plain
    done = Array(repeating: nil, count: files.count)
  }

  /// The index of the next scenario to run, nil when none is left: a scenario whose setup has
  /// started, else one without a setup, else one whose setup is still starting (its run waits).
  func next() -> Int? {
    lock.withLock {
      guard !stopped else { return nil }
      if let ready = waiting.firstIndex(where: setupReady) { return waiting.remove(at: ready) }
      if !plain.isEmpty { return plain.removeFirst() }
      return waiting.isEmpty ? nil : waiting.removeFirst()
    }
  }

  /// The scenarios that start a setup command first, then the others, each in path order: a
  /// setup is an outside process (a server: an interpreter's start, its imports), often slower
  /// to print its variables than a scenario takes to run, so its wait overlaps the runs of the
  /// others instead of coming last. A file that cannot be read counts as one without a setup (it
  /// fails as invalid when its turn comes).
  static func startOrder(_ files: [String]) -> [Int] {
    let reads = ScenarioReads()
    let hasSetup = files.map { Self.hasSetup($0, reads) }
    return files.indices.filter { hasSetup[$0] } + files.indices.filter { !hasSetup[$0] }
  }

  private static func hasSetup(_ file: String, _ reads: ScenarioReads) -> Bool {
    (try? ScenarioSetup.of(file, reads: reads)).flatMap { $0 } != nil
  }

  func finish(_ index: Int, _ result: ScenarioResult) {
    lock.withLock {
      guard !stopped else { return }
      done[index] = result
      while printed < files.count, let ready = done[printed] {
        inOrder(ready)
        printed += 1
      }
    }
  }

  var results: [ScenarioResult] { lock.withLock { done.compactMap { $0 } } }

  /// Stops handing results on (a signal ends the run): every finished result, and the scenarios
  /// not handed on yet, finished or not, in path order.
  func stop() -> (finished: [ScenarioResult], rest: [ScenarioState]) {
    lock.withLock {
      stopped = true
      let rest = (printed..<files.count).map { index in
        done[index].map(ScenarioState.finished) ?? .unfinished(files[index])
      }
      return (done.compactMap { $0 }, rest)
    }
  }
}

/// A scenario when a signal stops `adhost test`: finished, or still running (its file).
enum ScenarioState {
  case finished(ScenarioResult)
  case unfinished(String)
}
