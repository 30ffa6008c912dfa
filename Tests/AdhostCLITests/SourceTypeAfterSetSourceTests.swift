import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Whether a source is an HLS playlist is decided on the source `setSource` returns, not the one
/// given: an integration (Uplynk's preplay) may turn a URL of no known type into a playlist.
@Suite struct SourceTypeAfterSetSourceTests {
  static func plugin(_ scratch: Scratch, returning src: String) throws -> String {
    try scratch.write(
      "uplynk.lua",
      """
      player.ads:registerServerSideIntegration("uplynk", function()
        return { setSource = function(source)
          return { sources = { { src = "\(src)" } } }
        end }
      end)
      """)
  }

  static let given =
    #"{"sources": [{"src": "https://content.uplynk.example/preplay/abc", "ssai": {"integration": "uplynk"}}]}"#

  @Test func aSourceWithoutTypeWhoseSetSourceReturnsAPlaylistPlaysThePlaylist() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/vod/index.m3u8") { _ in
      .text(MediaTailorServer.playlist(segments: 3, seconds: 4), type: "application/vnd.apple.mpegurl")
    }
    let scratch = try Scratch()
    let plugin = try Self.plugin(scratch, returning: server.url("/vod/index.m3u8").absoluteString)
    let run = await adhost(["run", plugin, try scratch.write("source.json", Self.given), "--json"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(!run.errors.contains("--duration"))
    #expect(server.requests(for: "/vod/index.m3u8").count == 1)
    #expect(run.events("ended").first?["currentTime"] as? Double == 12)
  }

  @Test func aLoadedSourceThatIsNoPlaylistIsRefusedWithAdviceThatHelps() async throws {
    let scratch = try Scratch()
    let plugin = try Self.plugin(scratch, returning: "https://cdn.example/movie.mp4")
    let run = await adhost(["run", plugin, try scratch.write("source.json", Self.given), "--json"])
    #expect(run.code == 70)
    #expect(
      run.errors.contains(
        "the source as loaded after setSource (https://cdn.example/movie.mp4) is no HLS playlist and gives no "
          + "timeline: give the source a duration, pass --duration SECONDS, or --live with --until"),
      "\(run.errors)")
  }
}
