import LuaKit
import PlayerSeam

/// A timer a plugin started; `cancel()` stops it.
final class PluginTimer {
  var handle: (any ScheduledTimer)?
  weak var plugin: Plugin?
  let id: Int

  init(id: Int, plugin: Plugin) {
    self.id = id
    self.plugin = plugin
  }

  func cancel() {
    handle?.cancel()
    plugin?.removeTimer(id)
  }
}

extension PluginHost {
  /// As browsers clamp nested timers: a timer set from timer callbacks nested this deep, and
  /// every repeating timer, waits at least `minimumTimerDelay`, so that a callback that sets a
  /// zero-delay timer again and again cannot hold the virtual clock at one instant for ever.
  static let clampedTimerNesting = 5
  static let minimumTimerDelay = 0.004
  /// What a pending timer counts against its plugin's memory budget: the host's record of it
  /// (the timer object, its closure, its place in the loop's queue and the plugin's table), about
  /// 450 bytes measured, counted generously, so that timers cannot grow the host past the budget.
  static let timerRecordBytes = 1024

  func timerType() -> LuaObjectType<PluginTimer> {
    let type = LuaObjectType<PluginTimer>("Timer")
    type.receiverName = "handle"
    type.method("cancel") { timer, _ in
      timer.cancel()
      return 0
    }
    return type
  }

  /// `timer.after(seconds, fn)` and `timer.every(seconds, fn)`, on the player's clock.
  func timerModule(for plugin: Plugin) -> [String: LuaValue] {
    func start(_ name: String, repeating: Bool) -> LuaSwiftFunction {
      { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        guard let seconds = call.number(1), seconds.isFinite, seconds >= 0 else {
          let got = (try? call.value(1).shownInErrors) ?? call.typeName(1)
          throw ArgumentError("timer.\(name): seconds must be a finite number ≥ 0, got \(got)")
        }
        if repeating && seconds <= 0 { throw ArgumentError("timer.every: the interval must be more than 0") }
        guard let function = call.function(2) else {
          throw ArgumentError("timer.\(name): the callback must be a function, got \(call.typeName(2))")
        }
        try self.lua.holdHostMemory(
          Self.timerRecordBytes,
          for: "timer.\(name) (each pending timer counts \(Self.timerRecordBytes) bytes)")
        let timer = PluginTimer(id: plugin.nextTimer, plugin: plugin)
        plugin.nextTimer += 1
        let level = self.timerNesting + 1
        let delay =
          repeating || level > Self.clampedTimerNesting ? max(seconds, Self.minimumTimerDelay) : seconds
        // The handle is Lua's to keep or drop: a timer whose handle was collected still fires.
        let id = timer.id
        let fire = { [weak self, weak plugin] in
          guard let self, let plugin else { return }
          if !repeating { plugin.removeTimer(id) }
          let outer = self.timerNesting
          self.timerNesting = level
          self.runDetached(function, [], plugin: plugin, what: "timer.\(name) callback")
          self.timerNesting = outer
        }
        timer.handle = repeating ? loop.every(delay, fire) : loop.after(delay, fire)
        if let handle = timer.handle {
          loop.attribute(handle, to: plugin.path)
          plugin.addTimer(timer.id, handle)
        }
        return call.return(.object(timer))
      }
    }
    let now: LuaSwiftFunction = { [weak self] call in call.return(number: self?.loop.now ?? 0) }
    return module([
      "after": start("after", repeating: false), "every": start("every", repeating: true), "now": now,
    ])
  }
}
