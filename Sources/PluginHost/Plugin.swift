import LuaKit
import PlayerSeam

/// One loaded plugin file: its sandbox, the integrations it registered, and what it has under way
/// (HTTP requests, timers, event listeners), so that `resetSource` and `destroy` can end them.
final class Plugin {
  /// The file as given (used in messages).
  let path: String
  let environment: LuaTableReference
  /// The integration ids this plugin registered.
  var integrations: [String] = []
  /// Requests and waits in flight, by id; cancelling resumes them with `nil, "cancelled"`.
  var pending: [Int: PendingWait] = [:]
  var nextPending = 0
  /// Timers the plugin started and that may still fire; each one's record counts
  /// `PluginHost.timerRecordBytes` against the memory budget while it is here.
  private(set) var timers: [Int: any ScheduledTimer] = [:]
  var nextTimer = 0
  /// Gives memory-budget bytes that the plugin's host records held back to the budget (set by
  /// the host with the modules).
  var releaseHostMemory: (Int) -> Void = { _ in }
  /// `player` as this plugin sees it.
  var view: PlayerView?
  /// Display placements the plugin registered (`webview.registerPlacement`), by integration id.
  var placements: [String: LuaFunction] = [:]

  init(path: String, environment: LuaTableReference) {
    self.path = path
    self.environment = environment
  }

  /// Ends source-specific work: resumes every pending wait with `nil, "cancelled"` and cancels
  /// every timer.
  func cancelSourceWork() {
    let waits = pending.values
    pending.removeAll()
    for wait in waits { wait.cancel() }
    for timer in timers.values { timer.cancel() }
    releaseHostMemory(timers.count * PluginHost.timerRecordBytes)
    timers.removeAll()
  }

  /// Keeps a started timer, whose record the host has counted against the memory budget.
  func addTimer(_ id: Int, _ handle: any ScheduledTimer) { timers[id] = handle }

  /// Forgets a timer that fired (once) or was cancelled, giving its record's bytes back.
  func removeTimer(_ id: Int) {
    guard timers.removeValue(forKey: id) != nil else { return }
    releaseHostMemory(PluginHost.timerRecordBytes)
  }
}

/// A plugin coroutine waiting for the host (an HTTP answer, a VAST resolution).
final class PendingWait {
  let coroutine: LuaCoroutine
  let token: any PendingWork
  private let resume: ([LuaValue]) -> Void
  private let cancelled: [LuaValue]
  private(set) var isDone = false

  init(
    coroutine: LuaCoroutine, token: any PendingWork, cancelled: [LuaValue],
    resume: @escaping ([LuaValue]) -> Void
  ) {
    self.coroutine = coroutine
    self.token = token
    self.cancelled = cancelled
    self.resume = resume
  }

  /// Resumes the coroutine with `values`, once.
  func complete(_ values: [LuaValue]) {
    guard !isDone else { return }
    isDone = true
    resume(values)
  }

  /// Resumes the coroutine with its cancelled results (`nil, "cancelled"` for HTTP) and
  /// releases the clock.
  func cancel() {
    guard !isDone else { return }
    token.finish()
    complete(cancelled)
  }
}
