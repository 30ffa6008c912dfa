import LuaKit
import OutsideText
import PlayerSeam

/// Runs plugin callbacks (handler methods, event listeners, timers) in host coroutines, so that
/// they may wait for HTTP or VAST, and reports how they end.
extension PluginHost {
  /// Runs `function` with `arguments` in a new coroutine; `done` gets its results or its error
  /// once it finishes, which may be after waits. The host keeps `done` while the coroutine
  /// waits, so `done` must hold the host weakly (or a dropped host would live until the wait ends).
  func runCallback(
    _ function: LuaFunction, _ arguments: [LuaValue],
    done: @escaping (Result<[LuaValue], LuaError>) -> Void
  ) {
    switch start(function, arguments) {
    case .success(let (coroutine, outcome)): settle(outcome, of: coroutine, done: done)
    case .failure(let refusal): done(.failure(refusal))
    }
  }

  /// Starts `function` in a coroutine unless callbacks are nested too deep (the error says so).
  private func start(
    _ function: LuaFunction, _ arguments: [LuaValue]
  ) -> Result<(LuaCoroutine, LuaCoroutine.Outcome), LuaError> {
    guard callbackNesting < Self.maxCallbackNesting else {
      let message =
        "not run: plugin callbacks are nested \(Self.maxCallbackNesting) deep "
        + "(a listener that sets off its own event, such as a seeked listener that seeks?)"
      return .failure(LuaError(.runtime, message))
    }
    callbackNesting += 1
    defer { callbackNesting -= 1 }
    return .success(lua.startCoroutine(function, arguments))
  }

  /// How deep plugin callbacks may run inside each other. A listener that sets off its own event
  /// synchronously (a `seeked` listener that seeks) would otherwise recurse until the thread's
  /// stack ran out; each level takes a few KiB of it.
  static let maxCallbackNesting = 64

  /// Follows a coroutine to its end: a suspended one is settled again when resumed.
  func settle(
    _ outcome: LuaCoroutine.Outcome, of coroutine: LuaCoroutine,
    done: @escaping (Result<[LuaValue], LuaError>) -> Void
  ) {
    switch outcome {
    case .finished(let values): done(.success(values))
    case .failed(let error): done(.failure(error))
    case .suspended: continuations[ObjectIdentifier(coroutine)] = done
    }
  }

  /// Resumes a waiting coroutine with `values` and follows it on.
  func resume(_ coroutine: LuaCoroutine, with values: [LuaValue]) {
    guard let done = continuations.removeValue(forKey: ObjectIdentifier(coroutine)) else { return }
    settle(coroutine.resume(values), of: coroutine, done: done)
  }

  /// Runs a callback whose results nobody waits for (a listener, a timer); an error becomes an
  /// `aderror` of the plugin's integration, or a `plugin-error` log entry when it has none.
  /// `what` names the callback in the error, made only when there is one: most callbacks return
  /// at once, and their run takes no closure for later either.
  func runDetached(
    _ function: LuaFunction, _ arguments: [LuaValue], plugin: Plugin, what: @autoclosure () -> String
  ) {
    switch start(function, arguments) {
    case .success((_, .finished)): return
    case .success((_, .failed(let error))), .failure(let error):
      reportPluginError(error, plugin: plugin, what: what())
    case .success((let coroutine, .suspended)):
      let what = what()
      continuations[ObjectIdentifier(coroutine)] = { [weak self, weak plugin] result in
        guard case .failure(let error) = result, let self, let plugin else { return }
        self.reportPluginError(error, plugin: plugin, what: what)
      }
    }
  }

  /// Puts a plugin error in the log as THEOplayer would: a non-fatal `aderror` on the plugin's
  /// integration when it has one, else a `plugin-error` entry; and on standard error.
  func reportPluginError(_ error: LuaError, plugin: Plugin, what: String) {
    if callbackNesting >= Self.maxCallbackNesting {
      if reportingDeferredRefusal {
        // Reporting the last refusal set off the same runaway chain (an aderror listener that
        // seeks, and a seeked listener that seeks): report it in the log, where no listener
        // runs, or it would go round for ever at one virtual instant.
        let message = "\(what): \(error.message)"
        diagnostics(
          TerminalEscape.line(message) + " (again, while the last one was reported: logged, not an aderror)")
        player.appendLog(.pluginError, fields: JSONObject([("message", .string(message))]))
        return
      }
      // At the nesting limit the `aderror` listeners could not run: report once it has unwound.
      loop.after(0) { [weak self, weak plugin] in
        guard let self, let plugin else { return }
        self.reportingDeferredRefusal = true
        defer { self.reportingDeferredRefusal = false }
        self.reportPluginError(error, plugin: plugin, what: what)
      }
      return
    }
    let message = "\(what): \(error.message)"
    // A failure that repeats (a listener called 4 times a second) shows its traceback once.
    let isNew = reportedErrors.insert(message).inserted
    diagnostics(
      TerminalEscape.line(message) + (isNew ? error.printedTraceback.map { "\n" + $0 } ?? "" : " (again)"))
    if let id = plugin.integrations.first, let controller = player.ads.controller(for: id) {
      controller.error(IntegrationError(message))
    } else {
      player.appendLog(.pluginError, fields: JSONObject([("message", .string(message))]))
    }
  }
}
