import Foundation
import TestFiles
import Testing

/// A plugin's `os.time`, `os.date` and `os.clock` follow the run's clock: the start date plus
/// the virtual time, never the machine's clock.
@Suite struct PluginClockTests {
  /// Runs a plugin that logs its clock as `setSource` runs and 30 s later, on 60 s of content;
  /// returns the two readings' fields (`os.time()`, `os.clock()`, `os.date(…)` of each).
  func readings(_ arguments: [String]) async throws -> [[String]] {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local function reading(label)
        log.info(label .. " " .. os.time() .. " " .. os.clock() .. " " .. os.date("!%Y-%m-%d")
          .. " " .. os.date("%H:%M:%S") .. " " .. tostring(os.time(os.date("*t")) == os.time()))
      end
      player.ads:registerServerSideIntegration("test", function()
        return {
          setSource = function()
            reading("clock-start")
            timer.after(30, function() reading("clock-later") end)
            return true
          end,
        }
      end)
      """)
    let source = try scratch.source(duration: 60, ssai: #"{"integration": "test"}"#)
    let run = await adhost(["run", plugin, source] + arguments)
    #expect(run.code == 0, "\(run.errors)")
    return run.errors.split(separator: "\n").compactMap { line in
      guard let start = line.range(of: "clock-") else { return nil }
      return line[start.lowerBound...].split(separator: " ").map(String.init)
    }
  }

  @Test func theClockIsTheStartDatePlusTheVirtualTime() async throws {
    let lines = try await readings(["--start-date", "2026-01-01T00:00:00Z"])
    try #require(lines.count == 2, "\(lines)")
    #expect(lines[0] == ["clock-start", "1767225600", "0.0", "2026-01-01", "00:00:00", "true"])
    #expect(lines[1] == ["clock-later", "1767225630", "30.0", "2026-01-01", "00:00:30", "true"])
  }

  /// A start date long past: a clock read from the machine would be decades later.
  @Test func theClockIsNotTheMachines() async throws {
    let lines = try await readings(["--start-date", "2001-09-09T01:46:40Z"])
    try #require(lines.count == 2, "\(lines)")
    #expect(lines.map { $0[1] } == ["1000000000", "1000000030"])
    #expect(lines.map { $0[3] } == ["2001-09-09", "2001-09-09"])
  }

  @Test func withoutAStartDateTheClockStillAdvancesByTheVirtualTime() async throws {
    let lines = try await readings([])
    try #require(lines.count == 2, "\(lines)")
    let times = lines.compactMap { Int($0[1]) }
    #expect(times.count == 2 && times[1] - times[0] == 30, "\(lines)")
    #expect(lines.map { $0[2] } == ["0.0", "30.0"])
  }
}
