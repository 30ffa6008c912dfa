import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Runs that used to never end: a plugin's timers after a fatal error (issue 37, item 11), and
/// segments that stall (R04: the run's I/O budget, `--io-seconds` and a scenario's `ioSeconds`).
@Suite struct EndlessRunTests {
  /// A plugin that polls (`timer.every`) and one integration, "inband", that handles any source.
  static let pollingPlugin = """
    player.ads:registerServerSideIntegration("inband", function(controller)
      return { setSource = function(source)
        timer.every(5, function() log.info("poll") end)
        return true
      end }
    end)
    """

  /// An HLS source on `server` at `path`.
  static func source(_ scratch: Scratch, _ server: LoopbackServer, _ path: String) throws -> String {
    try scratch.write(
      "source.json",
      #"{"sources": {"src": "\#(server.url(path).absoluteString)", "type": "application/x-mpegurl", "#
        + #""ssai": {"integration": "inband"}}}"#)
  }

  /// The plugin's `log.info("poll")` lines (on standard error).
  static func polls(_ run: RunResult) -> Int {
    run.errors.components(separatedBy: "info: poll").count - 1
  }

  /// A live HLS playlist without `--until` is a fatal error 4000; the plugin's poll no longer
  /// keeps the run going for ever: it ends at once, exit 70.
  @Test func aLivePlaylistWithoutUntilEndsAfterTheFatalErrorWhateverThePluginsTimers() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/live.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:6.0,\ns7.ts\n",
        type: "application/vnd.apple.mpegurl")
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.pollingPlugin)
    let run = await adhost([
      "run", plugin, try Self.source(scratch, server, "/live.m3u8"), "--allow-http", "--json",
    ])
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("fatal player error 4000"), "\(run.errors)")
    #expect(Self.polls(run) == 0)
  }

  /// VOD content failing fatally at 2.5 s while a plugin polls every second: the run ends then
  /// (exit 70), not at the runaway limit an hour of polls later.
  @Test func aFatalErrorEndsAVODRunAtItsInstant() async throws {
    let run = try await runSetSource(
      """
      timer.every(1, function() log.info("poll") end)
            timer.after(2.5, function() controller:fatalError("the session is gone") end)
      """, arguments: ["--json"])
    #expect(run.code == 70, "\(run.errors)")
    #expect(Self.polls(run) == 2)
    #expect(run.events("error").count == 1)
  }

  /// Segments that stall (no answer within `--timeout`): the run waits at most `--io-seconds` of
  /// wall time for I/O in all, then stops, exit 1, naming the option; the stalled segment is not
  /// tried again and again, and no later segment is requested.
  @Test func stalledSegmentsEndTheRunWhenTheIOBudgetIsSpent() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    Self.serveStallingVOD(server)
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.pollingPlugin)
    let source = try Self.source(scratch, server, "/media.m3u8")
    let run = await adhost(
      ["run", plugin, source, "--allow-http", "--json", "--timeout", "0.5", "--io-seconds", "1"])
    #expect(run.code == 1, "\(run.errors)")
    #expect(run.errors.contains("give --io-seconds S to raise it"), "\(run.errors)")
    #expect(run.errors.contains("the I/O budget is spent (1 s of wall time waiting in all)"), "\(run.errors)")
    #expect((1...3).contains(server.requests(for: "/s0.ts").count))
    #expect(server.requests(for: "/s1.ts").isEmpty)
    let refused = await adhost(["run", plugin, source, "--io-seconds", "-1"])
    #expect(refused.code == 64)
    #expect(refused.errors.contains("--io-seconds"), "\(refused.errors)")
  }

  /// A scenario's `ioSeconds` is the run's `--io-seconds`; a negative one is refused where it is
  /// written.
  @Test func aScenariosIOSecondsBoundsItsRun() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    Self.serveStallingVOD(server)
    let scratch = try Scratch()
    _ = try scratch.write("plugin.lua", Self.pollingPlugin)
    _ = try Self.source(scratch, server, "/media.m3u8")
    let members = #""plugin": "plugin.lua", "source": "source.json", "allowHttp": true, "timeout": 0.5"#
    let bounded = try scratch.write("bounded.scenario.json", #"{\#(members), "ioSeconds": 1, "exit": 1}"#)
    let run = await adhost(["test", bounded])
    #expect(run.code == 0, "\(run.output)")
    let negative = try scratch.write("negative.scenario.json", #"{\#(members), "ioSeconds": -1}"#)
    let refused = await adhost(["test", negative])
    #expect(refused.code != 0)
    #expect(
      refused.output.contains("ioSeconds: expected a number of seconds ≥ 0, found -1"), "\(refused.output)")
  }

  /// A VOD playlist of 4 segments whose every segment stalls (no answer for a minute).
  static func serveStallingVOD(_ server: LoopbackServer) {
    let entries = (0..<4).map { "#EXTINF:6.0,\ns\($0).ts\n" }.joined()
    server.route("/media.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n" + entries + "#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    for index in 0..<4 {
      server.route("/s\(index).ts") { _ in LoopbackResponse(body: Data(count: 188), fault: .delay(60)) }
    }
  }
}
