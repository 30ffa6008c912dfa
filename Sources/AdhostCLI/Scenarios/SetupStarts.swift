import Foundation

/// The setup commands of one `adhost test`'s scenarios, started ahead of their scenarios on a
/// thread of their own, one at a time in the scenarios' start order: while a setup starts (an
/// interpreter, a server's imports) the workers run the scenarios without one, instead of one
/// worker waiting for it. A scenario then takes its running setup (`take`), waiting for it
/// only if it is still starting.
// why: `started` and `taken` are guarded by `condition` (an NSCondition: a Mutex cannot wait).
final class SetupStarts: @unchecked Sendable {
  /// What starting one scenario's setup gave: its process, nil when the scenario names none,
  /// or the error its run reports (an unreadable file, a refused or failed command).
  typealias Started = Result<SetupProcess?, ScenarioError>

  // why: the workers wait on it for a setup to start, which a Mutex cannot do.
  private let condition = NSCondition()
  private var started: [Int: Started] = [:]
  private var taken: Set<Int> = []
  private var cancelled = false
  /// The scenarios whose setup this starts.
  let indices: Set<Int>

  /// Starts the setups of `files[i]` for each `i` of `indices`, in that order, on a thread.
  /// `reads`: the run's files, read once.
  init(files: [String], indices: [Int], fixtures: ScenarioFixtures, reads: ScenarioReads = ScenarioReads()) {
    self.indices = Set(indices)
    guard !indices.isEmpty else { return }
    let thread = Thread { [self] in
      for index in indices {
        let result: Started
        if condition.withLock({ cancelled }) {
          result = .success(nil)
        } else {
          result = Self.start(files[index], fixtures, reads)
        }
        condition.withLock {
          started[index] = result
          condition.broadcast()
        }
      }
    }
    thread.start()
  }

  private static func start(_ file: String, _ fixtures: ScenarioFixtures, _ reads: ScenarioReads) -> Started {
    do throws(ScenarioError) {
      guard let setup = try ScenarioSetup.of(file, reads: reads) else { return .success(nil) }
      return .success(try setup.start(allowed: fixtures.allowsSetup))
    } catch {
      return .failure(error)
    }
  }

  /// Whether the setup of scenario `index` has printed its variables (or failed).
  func isReady(_ index: Int) -> Bool { condition.withLock { started[index] != nil } }

  /// The setup of scenario `index`, once started; the caller stops the process.
  func take(_ index: Int) -> Started {
    condition.withLock {
      while started[index] == nil { condition.wait() }
      taken.insert(index)
      return started[index] ?? .success(nil)
    }
  }

  /// Starts no more setups, waits for the one starting, and stops those no scenario took (a
  /// stopped run).
  func stopUntaken() {
    let left = condition.withLock {
      cancelled = true
      while started.count < indices.count { condition.wait() }
      return started.filter { !taken.contains($0.key) }.values
    }
    for case .success(let process?) in left { process.stop() }
  }
}
