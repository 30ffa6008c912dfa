import Foundation
import TestFiles
import Testing

/// Host-side records a plugin makes (timers, listeners) count against its memory budget, so that
/// they cannot grow the host past it; and a precompiled plugin is refused by its file's name.
@Suite struct HostRecordBudgetTests {
  /// Makes records with `make` until the budget refuses one, then logs how many were made and
  /// the error (joined host-side: no Lua memory is left to make a string with).
  static func untilRefused(_ make: String) -> String {
    """
    local f = function() end
    local n = 0
    local ok, e = pcall(function() for i = 1, 3000000 do \(make) n = n + 1 end end)
    log.info("made", n, e)
    """
  }

  /// The count and the error that `untilRefused` logged.
  static func made(_ run: RunResult) throws -> (count: Int, error: String) {
    let text = run.output + run.errors
    let start = try #require(text.range(of: "made "), "\(text.suffix(2000))")
    let line = text[start.upperBound...].prefix(while: { $0 != "\n" && $0 != "\"" })
    let count = try #require(Int(line.prefix(while: \.isNumber)), "\(line)")
    return (count, String(line.drop(while: \.isNumber).dropFirst()))
  }

  /// The 09 reproducer's timers at a size for the suite (3 million `timer.after` with one shared
  /// function, 8 MiB budget): each pending timer counts 1 KiB, so fewer than 8,192 are made; Lua's
  /// side alone (about 70 bytes each) let some 120,000 be made, costing the host ~450 bytes each.
  @Test func pendingTimersCountAgainstTheMemoryBudget() async throws {
    let run = try await runSetSource(
      Self.untilRefused("timer.after(i, f)"), arguments: ["--json", "--memory", "8"])
    let (count, error) = try Self.made(run)
    #expect(count > 1000 && count < 8192, "\(count)")
    #expect(
      error.contains("timer.after (each pending timer counts 1024 bytes): memory budget exceeded (8 MiB"),
      "\(error)")
  }

  @Test func listenersCountAgainstTheMemoryBudget() async throws {
    let run = try await runSetSource(
      Self.untilRefused(#"player:addEventListener("play", f)"#), arguments: ["--json", "--memory", "8"])
    let (count, error) = try Self.made(run)
    #expect(count > 1000 && count < 8192, "\(count)")
    #expect(
      error.contains(
        "player:addEventListener (each listener counts 1024 bytes): memory budget exceeded (8 MiB"),
      "\(error)")
  }

  /// A timer that fired, a cancelled timer and a removed listener give their bytes back: 10,000
  /// of each made and ended under a budget that holds fewer than 8,192 at once.
  @Test func recordsThatEndGiveTheirBytesBack() async throws {
    let run = try await runSetSource(
      """
      local f = function() end
      for i = 1, 10000 do
        timer.after(1, f):cancel()
        player:addEventListener("play", f)
        player:removeEventListener("play", f)
      end
      local fired, batches = 0, 0
      local function count() fired = fired + 1 end
      local every
      every = timer.every(1, function()
        batches = batches + 1
        for i = 1, 5000 do timer.after(0.1, count) end
        if batches == 2 then every:cancel() end
      end)
      timer.after(8, function() log.info("fired", fired) end)
      """, arguments: ["--json", "--memory", "8", "--seconds", "0"])
    #expect(run.code == 0, "\(run.errors)")
    #expect((run.output + run.errors).contains("fired 10000"), "\(run.errors)")
  }

  @Test func aPrecompiledPluginIsRefusedNamingItsFile() async throws {
    let scratch = try Scratch()
    let plugin = scratch.folder.appendingPathComponent("plugin.lua")
    try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93]).write(to: plugin)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
    let run = await adhost(["run", plugin.path, source])
    #expect(run.code == 65)
    #expect(
      run.errors.hasPrefix(
        "adhost run: \(plugin.path): attempt to load a binary chunk (precompiled Lua): only source text is loaded"
      ),
      "\(run.errors)")
  }

  /// "A week of `timer.every(0.001)`": each callback is cheap, the run endless; the run's CPU
  /// budget ends it with an error that names the budget and how to raise it.
  @Test func aPluginCheapPerCallButEndlessOverallIsStoppedByTheRunsBudget() async throws {
    let run = try await runSetSource(
      "timer.every(0.001, function() local x = 0 for i = 1, 50000 do x = x + i end end)",
      arguments: ["--json", "--until", "604800", "--run-seconds", "0.2"])
    #expect(run.code == 1, "\(run.errors.suffix(2000))")
    let last = run.errors.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix("adhost run: stopped at "), "\(last)")
    #expect(
      last.hasSuffix(
        "the plugins spent the run's time budget (0.2 s of plugin time in all calls): give --run-seconds S "
          + "to raise it, 0 for none (in a scenario: budgets.runSeconds)"), "\(last)")
    // Stopped long before the week: the loop ends after the callback that found the budget spent.
    let times = run.events.compactMap { $0["t"] as? Double }
    #expect((times.max() ?? 0) < 604800)
  }
}
