import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import PlayerSeam
import PluginHost
import Testing

/// The seam proved: a real integration of `plugins/` (Uplynk VOD, offline from
/// `examples/uplynk/vod/recording`) runs through PluginHost on the tests' in-memory player
/// exactly as on the headless one.
@Suite struct PluginOnBothPlayersTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The ad events of a play-through of the example's VOD, as `type:ad@seconds`.
  static func play(on implementation: Implementation) throws -> [String] {
    let subject = try implementation.make(100)
    var options = PluginHostOptions(
      http: HTTPClient(
        transport: try OfflineTransport(folder: root.appendingPathComponent("examples/uplynk/vod/recording")))
    )
    options.engine.readsPlaylists = false
    options.diagnostics = { _ in }
    let host = try PluginHost(player: subject.player, options: options)
    try host.loadPlugin(at: root.appendingPathComponent("plugins/uplynk.lua").path)
    var events: [String] = []
    for type in [EventType.adbreakbegin, .adbegin, .adend, .adskip, .adbreakend, .removeadbreak] {
      subject.player.ads.addEventListener(type) { event in
        let what = event.ad.map { ":\($0.id)" } ?? event.adBreak.map { "@\($0.timeOffset)" } ?? ""
        events.append("\(event.type.rawValue)\(what) t=\(event.time)")
      }
    }
    let source = try SourceDescription(
      jsonText: try String(
        contentsOf: root.appendingPathComponent("examples/uplynk/vod/source.json"), encoding: .utf8))
    subject.player.setSource(source)
    subject.player.play()
    subject.advance(130)
    #expect(subject.player.fatalError == nil, "\(implementation)")
    #expect(subject.player.ended, "\(implementation)")
    subject.player.destroy()
    return events
  }

  @Test func uplynkPlaysTheSameBreaksAndAdsAtTheSameTimesOnBothPlayers() async throws {
    let (headless, memory) = try await onOwnThread {
      (try Self.play(on: .headless), try Self.play(on: .memory))
    }
    #expect(memory == headless)
    let begins = memory.filter { $0.hasPrefix("adbegin") }
    #expect(
      begins == [
        "adbegin:pre-a t=0.0", "adbegin:pre-b t=10.0", "adbegin:mid1-a t=35.0", "adbegin:mid2-a t=60.0",
        "adbegin:post-vpaid t=90.0", "adbegin:post-a t=92.0",
      ])
    #expect(memory.last == "removeadbreak@90.0 t=100.0")
  }
}
