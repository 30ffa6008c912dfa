import Foundation
import TestFiles
import Testing

/// Plugins that would keep a run going for ever, or recurse until the stack ran out: the run
/// ends with the content, or with an error that says why, and never hangs or crashes.
@Suite struct RunawayPluginTests {
  func run(_ body: String, extra: [String] = []) async throws -> RunResult {
    try await runSetSource(body, arguments: ["--json"] + extra)
  }

  @Test func aSeekedListenerThatSeeksIsStoppedNestedAndTheContentPlaysOn() async throws {
    let run = try await run(
      """
      player:addEventListener("seeked", function() player.currentTime = 1 end)
      timer.after(1, function() player.currentTime = 2 end)
      """)
    #expect(run.code == 0, "\(run.errors)")
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("not run: plugin callbacks are nested 64 deep") == true, "\(messages)")
    #expect(run.events("seeked").count == 64)
    #expect(run.events("ended").first?["t"] as? Double != nil)
  }

  @Test func aTimerThatSetsAZeroDelayTimerAgainCannotHoldTheClock() async throws {
    let run = try await run(
      """
      local fired = 0
      local function again() fired = fired + 1 timer.after(0, again) end
      timer.after(0, again)
      player:addEventListener("ended", function() log.info("fired " .. fired .. " at " .. timer.now()) end)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 10)
    // Nesting levels 1 to 5 at time 0, then (as browsers clamp nested timers) one each 4 ms to
    // 9.996 s, when the content ends.
    #expect(run.errors.contains("fired 2504 at 10.0"), "\(run.errors)")
  }

  @Test func aRepeatingTimerThatIsNeverCancelledEndsWithTheContent() async throws {
    let run = try await run(#"timer.every(1, function() end)"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 10)
    #expect(run.events("timeupdate").last?["t"] as? Double ?? 99 <= 10)
  }

  @Test func contentThatASeekBackKeepsPlayingIsARunawayWithAReason() async throws {
    let run = try await run(
      #"player:addEventListener("timeupdate", function() if player.currentTime > 5 then player.currentTime = 0 end end)"#
    )
    #expect(run.code == 1)
    #expect(
      run.errors.contains(
        "the content (10 s) had not ended after 3610 s of virtual time (it was playing at 3.25 s): does a plugin seek back or pause for ever?"
      ),
      "\(run.errors)")
    // --until lets it run as long as asked.
    let longer = try await self.run(
      #"player:addEventListener("timeupdate", function() if player.currentTime > 5 then player.currentTime = 0 end end)"#,
      extra: ["--until", "4000"])
    #expect(longer.code == 0, "\(longer.errors)")
  }

  @Test func contentLeftPausedIsARunawayToo() async throws {
    let run = try await run(#"timer.every(1, function() end) timer.after(3, function() player:pause() end)"#)
    #expect(run.code == 1)
    #expect(run.errors.contains("(it was paused at 3 s)"), "\(run.errors)")
  }

  @Test func aRunEndsAfterAnActionDueAfterTheContentEnded() async throws {
    let scratch = try Scratch()
    let actions = try scratch.write("actions.json", #"[{"at": 30, "do": "pause"}]"#)
    let run = try await run(
      #"timer.every(1, function() if timer.now() > 30 then log.info("still running") end end)"#,
      extra: ["--actions", actions])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("action").first?["t"] as? Double == 30)
    #expect(!run.errors.contains("still running"))
  }

  @Test func actionsAfterTheEndStillHappen() async throws {
    let scratch = try Scratch()
    let actions = try scratch.write(
      "actions.json", #"[{"at": 30, "do": "seek", "to": 5}, {"at": 30, "do": "play"}]"#)
    let run = try await run(#"timer.every(1, function() end)"#, extra: ["--actions", actions])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [10, 35])
  }
}
