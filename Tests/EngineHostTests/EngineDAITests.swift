import AdPlayer
import EngineHost
import Foundation
import GStreamerEngine
import GStreamerPlayer
import HTTPKit
import HeadlessHost
import PlaybackEngine
import PlayerSeam
import PluginHost
import RealMedia
import TestFiles
import Testing

/// `plugins/dai.lua` on the real engine (issue 39's proof): a Google DAI VOD stream of real
/// media on 127.0.0.1, played by GStreamer in the `adhost-gst` helper, gives the breaks and ads
/// of the headless run of the same stream, and pings every media id once, at its tag's time.
@Suite(.serialized, RealClip.engineTests) struct EngineDAITests {
  static let plugin = repositoryRoot.appendingPathComponent("plugins/dai.lua").path

  typealias Played = PlayerRun

  /// Plays the server's stream on the engine at `speed`.
  static func playOnEngine(
    _ server: RealDAIServer, speed: GStreamerEngineOptions.Speed, until limit: Double = 120,
    script: (EnginePlayer) -> Void = { _ in }
  ) throws -> Played {
    try PlayerRun.onEngine(
      plugin: plugin, source: server.sourceJSON, speed: speed, until: limit, script: script)
  }

  /// Plays the server's stream on the headless player, its segments loaded.
  static func playHeadless(_ server: RealDAIServer, script: (Player) -> Void = { _ in }) throws -> Played {
    try PlayerRun.headless(plugin: plugin, source: server.sourceJSON, script: script)
  }

  @Test func theFastModeGivesTheHeadlessRunsBreaksAndPingsEachIdOnceAtItsTime() throws {
    let server = try RealDAIServer()
    let engine = try Self.playOnEngine(server, speed: .fast)
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(server.pings.sorted() == RealDAIServer.tags.map(\.id).sorted(), "\(server.pings)")
    let headless = try Self.playHeadless(try RealDAIServer())
    #expect(engine.ads == headless.ads)
    #expect(engine.begins == headless.begins)
    #expect(engine.ads == ["pre1", "mid1"])
    for tag in RealDAIServer.tags {
      let sent = engine.pings.filter { $0.id == tag.id }
      #expect(sent.count == 1, "\(tag.id): \(sent)")
      if let ping = sent.first {
        #expect(abs(ping.contentTime - tag.time) <= 0.5, "\(tag.id) at \(ping.contentTime)")
      }
    }
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error))")
  }

  @Test func everyRequestOfTheEngineIsInTheRunsRequestLog() throws {
    let server = try RealDAIServer()
    let engine = try Self.playOnEngine(server, speed: .fast)
    let logged = Set(engine.of(.request).compactMap { $0.fields["url"]?.stringValue })
    #expect(!engine.engineRequests.isEmpty)
    for url in engine.engineRequests { #expect(logged.contains(url), "\(url) is not in the request log") }
    // The host made no content request of its own: the playlist was fetched once, by the engine.
    #expect(server.paths.filter { $0.hasSuffix(".m3u8") }.count == 1, "\(server.paths)")
  }
}

extension PlayerRun {
  /// Each verification ping's id and the content time it was sent at.
  var pings: [(id: String, contentTime: Double)] {
    of(.beacon).compactMap { entry in
      guard let url = entry.fields["url"]?.stringValue, let range = url.range(of: RealDAIServer.pingPrefix),
        let time = entry.fields["contentTime"]?.numberValue
      else { return nil }
      return (String(url[range.upperBound...]), time)
    }
  }
}
