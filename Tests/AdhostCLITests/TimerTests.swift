import Foundation
import Testing

/// `timer.after` and `timer.every` as plugins use them.
@Suite struct TimerTests {
  @Test func aTimerFiresWhetherOrNotItsHandleIsKept() async throws {
    let run = try await runSetSource(
      """
      local fired, ticks = 0, 0
      for _ = 1, 200 do timer.after(1, function() fired = fired + 1 end) end
      timer.every(1, function() ticks = ticks + 1 end)
      local kept = timer.after(2, function() fired = fired + 1000 end)
      collectgarbage()
      collectgarbage()
      timer.after(5.5, function() log.info("fired " .. fired .. ", ticks " .. ticks) end)
      assert(kept)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("fired 1200, ticks 5"), "\(run.errors)")
  }
}
