import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// A recording replays without repeating what the recorded run was given: its start date (so
/// `[TIMESTAMP]` beacons match) and the query parameters it ignores.
@Suite struct RecordingReplayTests {
  /// A plugin whose integration sends one beacon with `[TIMESTAMP]` in a parameter that is not
  /// a cache buster, and one with a session id.
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local base = source.sources[1].ssai.base
          local sid = source.sources[1].ssai.sid
          timer.after(2, function()
            beacon.send(base .. "/b?when=[TIMESTAMP]", "custom")
            beacon.send(base .. "/s?sid=" .. sid, "session")
          end)
          return true
        end,
      }
    end)
    """

  func source(_ scratch: Scratch, base: String, sid: String) throws -> String {
    try scratch.source(
      duration: 5, ssai: #"{"integration": "t", "base": ""# + base + #"", "sid": ""# + sid + #""}"#)
  }

  /// The beacons of a run: URL and status, or the failure.
  func beacons(_ run: RunResult) -> [String] {
    run.events("beacon").map { "\($0["url"] ?? "") \($0["status"] ?? $0["failure"] ?? "")" }
  }

  @Test func aReplayUsesTheRecordedStartDate() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let base = server.baseURL.absoluteString
    let recording = scratch.folder.appendingPathComponent("rec").path
    let recorded = await adhost([
      "run", plugin, try source(scratch, base: base, sid: "1"), "--allow-http", "--json", "--record",
      recording,
      "--start-date", "2026-03-04T05:06:07Z",
    ])
    #expect(recorded.code == 0, "\(recorded.errors)")
    let index =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: recording).appendingPathComponent("index.json")))
      as? [String: Any]
    #expect(index?["startDate"] as? String == "2026-03-04T05:06:07.000Z")
    #expect((index?["ignoredParameters"] as? [String])?.contains("cb") == true)

    let replay = await adhost([
      "run", plugin, try source(scratch, base: base, sid: "1"), "--allow-http", "--json", "--offline",
      recording,
    ])
    #expect(replay.code == 0, "\(replay.errors)")
    #expect(beacons(replay) == ["\(base)/b?when=2026-03-04T05%3A06%3A09.000Z 204", "\(base)/s?sid=1 204"])
    #expect(replay.output == recorded.output)
  }

  @Test func ignoreParamMatchesARequestWhoseParameterChanged() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let base = server.baseURL.absoluteString
    let recording = scratch.folder.appendingPathComponent("rec").path
    let common = ["--allow-http", "--json", "--start-date", "2026-03-04T05:06:07Z"]
    _ = await adhost(
      ["run", plugin, try source(scratch, base: base, sid: "1")] + common + ["--record", recording])

    let other = try source(scratch, base: base, sid: "2")
    let strict = await adhost(["run", plugin, other] + common + ["--offline", recording])
    #expect(
      beacons(strict).last?.contains("/s?sid=2: no recorded response matches this request") == true,
      "\(beacons(strict))")
    let ignoring = await adhost(
      ["run", plugin, other] + common + ["--offline", recording, "--ignore-param", "SID"])
    #expect(beacons(ignoring).last == "\(base)/s?sid=2 204", "\(beacons(ignoring))")

    // Recorded with the parameter ignored, the recording lists it and replays without the option.
    let second = scratch.folder.appendingPathComponent("rec2").path
    _ = await adhost(
      ["run", plugin, try source(scratch, base: base, sid: "1")] + common + [
        "--record", second, "--ignore-param", "sid",
      ])
    let listed = await adhost(["run", plugin, other] + common + ["--offline", second])
    #expect(beacons(listed).last == "\(base)/s?sid=2 204", "\(beacons(listed))")
  }
}
