import Foundation
import LuaKit
import PlayerSeam

extension PluginHost {
  /// The clock plugins read (`os.time`, `os.date`, `os.clock`): the run's, never the machine's.
  /// `os.time()` is `startDate` plus the virtual time (as `[TIMESTAMP]` is), `os.clock()` the
  /// virtual time itself, so a run with a fixed start date reads the same times every time.
  static func clock(of loop: any IntegrationScheduler, startDate: Date) -> LuaClock {
    let start = startDate.timeIntervalSince1970
    // Not the loop itself: its timers hold plugin callbacks, which hold the state that holds
    // this clock.
    let now = loop.nowReader
    return LuaClock(
      now: { start + (now() ?? 0) },
      elapsed: { now() ?? 0 })
  }
}
