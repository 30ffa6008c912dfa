import Foundation
import LoopbackHTTP
import MediaWriter
import TestFiles
import Testing

/// In-band cues reach Lua: `loadedmetadata` once the playlist is read, `addcue` as each segment
/// loads, `cue` at the tag's time with the ID3 frame's fields, `waiting`/`playing` around a late
/// segment; `--no-segments` plays the playlist alone (docs/plugin-api.md "In-band cues").
@Suite struct InbandCueRunTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("inband", function()
      player:addEventListener("loadedmetadata", function(event)
        log.info(string.format("loadedmetadata cues=%d at=%g", #player.cues, event.currentTime))
      end)
      player:addEventListener("addcue", function(event)
        log.info(string.format("addcue %s %s start=%.3f", event.cue.id, event.cue.kind, event.cue.startTime))
      end)
      player:addEventListener("cue", function(event)
        local a = event.cue.attributes
        log.info(string.format("cue %s %s %s=%s at=%.3f", event.cue.id, a.id, a.description, a.text,
          event.currentTime))
      end)
      player:addEventListener("removecue", function(event)
        log.info(string.format("removecue %s held=%d", event.cue.id, #player.cues))
      end)
      player:addEventListener("waiting", function(event)
        log.info(string.format("waiting at=%g", event.currentTime))
      end)
      return {}
    end)
    """

  /// 6 s TS segments from PTS 10 s with one `TXXX` tag each (PTS, value): by default two, with
  /// `google_1` at content 2.345 s and `google_2` at 7.5 s.
  static func serve(_ tags: [(Double, String)] = [(12.345, "google_1"), (17.5, "google_2")]) throws
    -> LoopbackServer
  {
    let server = try LoopbackServer()
    func segment(_ start: Double, _ tag: (Double, String)) -> Data {
      var writer = TSWriter()
      var id3 = ID3Writer()
      id3.userText(description: "google", tag.1)
      writer.video(pts: UInt64((start * 90_000).rounded()))
      writer.id3(pts: UInt64((tag.0 * 90_000).rounded()), id3.bytes())
      writer.video(pts: UInt64(((start + 5.96) * 90_000).rounded()))
      return Data(writer.bytes)
    }
    var playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n"
    for (index, tag) in tags.enumerated() {
      let body = segment(10 + 6 * Double(index), tag)
      server.route("/s\(index).ts") { _ in LoopbackResponse(body: body) }
      playlist += "#EXTINF:6,\ns\(index).ts\n"
    }
    let text = playlist + "#EXT-X-ENDLIST\n"
    server.route("/media.m3u8") { _ in .text(text, type: "application/vnd.apple.mpegurl") }
    return server
  }

  func run(_ more: [String], server: LoopbackServer? = nil) async throws -> RunResult {
    let server = try server ?? Self.serve()
    defer { server.stop() }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.url("/media.m3u8").absoluteString
        + #"", "ssai": {"integration": "inband"}}}"#)
    return await adhost(["run", plugin, source, "--json"] + more)
  }

  @Test func idsInTimedID3ReachLuaAsCuesAtTheirTimes() async throws {
    let run = try await run([])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("loadedmetadata cues=0 at=0"), "\(run.errors)")
    #expect(run.errors.contains("addcue id3-0-1 id3 start=2.345"), "\(run.errors)")
    #expect(run.errors.contains("addcue id3-1-1 id3 start=7.500"), "\(run.errors)")
    #expect(run.errors.contains("cue id3-0-1 TXXX google=google_1 at=2.345"), "\(run.errors)")
    #expect(run.errors.contains("cue id3-1-1 TXXX google=google_2 at=7.500"), "\(run.errors)")
    #expect(run.events("cue").compactMap { $0["t"] as? Double } == [2.345, 7.5])
    #expect(run.events("segment").count == 2)
  }

  /// With `--back-buffer 0` the first segment is let go as the third loads (11 s): its cue leaves
  /// `player.cues` with `removecue`, after it fired; nothing of it is logged.
  @Test func aReleasedCueReachesLuaAsRemovecue() async throws {
    let server = try Self.serve([(12.345, "google_1"), (17.5, "google_2"), (23, "google_3")])
    let released = try await run(["--back-buffer", "0", "--buffer", "1"], server: server)
    #expect(released.code == 0, "\(released.errors)")
    #expect(released.errors.contains("removecue id3-0-1 held=1"), "\(released.errors)")
    let fired = try #require(released.errors.range(of: "cue id3-0-1 TXXX"))
    let removed = try #require(released.errors.range(of: "removecue id3-0-1"))
    #expect(fired.lowerBound < removed.lowerBound)
    #expect(!released.errors.contains("removecue id3-1-1"), "\(released.errors)")
    #expect(released.events("cue").count == 3)
    #expect(released.events("removecue").isEmpty)
    let bad = try await run(["--back-buffer", "-1"])
    #expect(bad.code == 64)
    #expect(
      bad.errors.contains("--back-buffer: expected a number of seconds from 0 to 86400"), "\(bad.errors)")
  }

  @Test func aLateSegmentMakesLuaHearWaiting() async throws {
    let scratch = try Scratch()
    let faults = try scratch.write(
      "faults.json", #"{"rules": [{"kind": "segment", "url": "*/s1.ts", "fault": "delay", "seconds": 4}]}"#)
    let run = try await run(["--buffer", "3", "--faults", faults])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("waiting at=6"), "\(run.errors)")
    #expect(run.events("waiting").first?["t"] as? Double == 6)
  }

  @Test func noSegmentsPlaysThePlaylistAlone() async throws {
    let run = try await run(["--no-segments"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("segment").isEmpty)
    #expect(run.events("cue").isEmpty)
    #expect(run.events("ended").first?["t"] as? Double == 12)
  }

  @Test func segmentOptionsAreCheckedAsUsage() async throws {
    let both = try await run(["--variant", "1", "--max-bandwidth", "100"])
    #expect(both.code == 64)
    #expect(both.errors.contains("--variant and --max-bandwidth both pick a variant: give one of them"))
    let buffer = try await run(["--buffer", "0"])
    #expect(buffer.code == 64)
    #expect(
      buffer.errors.contains("--buffer: expected a number of seconds from 1 to 3600"), "\(buffer.errors)")
  }
}
