import Foundation
import TestFiles
import Testing
import VASTKit

/// `--start-date` fixes the wall-clock date of virtual time 0: `[TIMESTAMP]` in beacons follows
/// the virtual clock from it, and a run repeats byte for byte.
@Suite struct StartDateTests {
  static let example = ["plugins/omnibox.lua", "examples/omnibox/source.json"].map {
    repositoryRoot.appendingPathComponent($0).path
  }
  static let recording = repositoryRoot.appendingPathComponent("examples/omnibox/recording").path

  @Test func aFixedStartDateMakesTimestampsFollowTheClockAndTheRunRepeat() async throws {
    let command =
      ["run"] + Self.example + [
        "--offline", Self.recording, "--json", "--start-date", "2026-01-01T00:00:00Z",
      ]
    let first = await adhost(command)
    let second = await adhost(command)
    #expect(first.code == 0, "\(first.errors)")
    #expect(first.output == second.output)

    let start = try #require(ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
    let stamped = first.events("beacon").compactMap { beacon -> (Double, String)? in
      guard let url = beacon["url"] as? String, let time = beacon["t"] as? Double,
        let stamp = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "ts" })?.value
      else { return nil }
      return (time, stamp)
    }
    #expect(stamped.count == 2, "one verifier impression per ad: \(stamped)")
    for (time, stamp) in stamped {
      #expect(stamp == VASTMacros.timestamp(start.addingTimeInterval(time)))
    }
    #expect(stamped.map(\.1).contains("2026-01-01T00:00:45.000Z"))
  }

  @Test(arguments: ["yesterday", "2026-01-01", "2026-13-01T00:00:00Z"])
  func aStartDateThatIsNotISO8601IsBadUsage(text: String) async throws {
    let run = await adhost(["run"] + Self.example + ["--offline", Self.recording, "--start-date", text])
    #expect(run.code == 64)
    #expect(run.errors.contains("--start-date: expected an ISO 8601 date and time"), "\(run.errors)")
  }
}
