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

/// What a plugin's run on one player showed: its log, how it ended, the engine's requests.
struct PlayerRun {
  var entries: [LogEntry]
  var ending: String
  var engineRequests: [String] = []
  var wallSeconds = 0.0

  func of(_ kind: LogKind) -> [LogEntry] { entries.filter { $0.kind == kind } }
  var ads: [String] { of(.addad).compactMap(\.adId) }
  var begins: [String] { of(.adbegin).compactMap(\.adId) }
  /// Each beacon's URL without its origin (each run has a server of its own) and the content
  /// time it was sent at, in order.
  var beacons: [(url: String, contentTime: Double)] {
    of(.beacon).compactMap { entry in
      guard let url = entry.fields["url"]?.stringValue.flatMap(URLComponents.init(string:)),
        let time = entry.fields["contentTime"]?.numberValue
      else { return nil }
      return (url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? ""), time)
    }
  }

  static func options() -> PluginHostOptions {
    var options = PluginHostOptions(http: HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true)))
    options.engine.logsRequests = true
    options.diagnostics = { _ in }
    return options
  }

  /// Plays `source` (a SourceDescription's JSON) with the plugin at `plugin` on the GStreamer
  /// player at `speed`.
  static func onEngine(
    plugin: String, source: String, speed: GStreamerEngineOptions.Speed = .fast, until limit: Double = 120,
    script: (EnginePlayer) -> Void = { _ in }
  ) throws -> PlayerRun {
    let host = try EngineHost(options: options(), speed: speed)
    try host.loadPlugin(at: plugin)
    host.player.autoplay = true
    let started = Date()
    host.player.setSource(try SourceDescription(jsonText: source))
    script(host.player)
    let (ending, reason) = host.run(until: limit)
    let wall = -started.timeIntervalSinceNow
    host.end()
    var played = PlayerRun(entries: host.player.log.entries, ending: "\(ending.rawValue): \(reason)")
    played.engineRequests = host.player.engine?.requests.map(\.url) ?? []
    played.wallSeconds = wall
    return played
  }

  /// Plays `source` with the plugin at `plugin` on the headless player, its segments loaded.
  static func headless(
    plugin: String, source: String, until limit: Double = 120, script: (Player) -> Void = { _ in }
  ) throws -> PlayerRun {
    var options = options()
    options.engine.segments = SegmentOptions()
    let host = try HeadlessHost(options: options)
    try host.loadPlugin(at: plugin)
    host.player.autoplay = true
    host.player.setSource(try SourceDescription(jsonText: source))
    script(host.player)
    let outcome = host.player.run(until: limit)
    host.end()
    return PlayerRun(entries: host.player.log.entries, ending: outcome.reason)
  }
}
