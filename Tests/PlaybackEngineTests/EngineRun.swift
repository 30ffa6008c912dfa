import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import OutsideText
import PlaybackEngine
import PlayerSeam

/// A headless player with a `PlaybackEngine` on it, and nothing of Lua: what an app that embeds
/// the engine from Swift does, on the virtual clock. Host thread only: make and play it on one
/// thread (`onOwnThread`).
final class EngineRun {
  let log = EventLog()
  let player: Player
  let engine: PlaybackEngine

  /// A player whose sources get `timeline` unless their playlist gives one, and an engine on it
  /// that reads playlists with a plain HTTP client (loopback only, the default policy).
  init(timeline: ContentTimeline = .live) throws {
    player = Player(defaultTimeline: timeline, log: log)
    var options = PlaybackEngineOptions(http: HTTPClient(timeout: 10))
    options.defaultTimeline = timeline
    options.startDate = Date(timeIntervalSince1970: 1_800_000_000)
    engine = try PlaybackEngine(player: player, options: options)
    player.autoplay = true
  }

  /// Loads `source` (a source description's JSON) and plays until `limit` virtual seconds or
  /// nothing is left to do; what happened, with the `problems` the app's integration saw.
  func play(_ source: String, until limit: Double, problems: () -> [String] = { [] }) throws -> Played {
    player.setSource(try SourceDescription(jsonText: source))
    let outcome = player.run(until: limit)
    let beacons = log.entries.filter { $0.kind == .beacon }.map { entry in
      let event = entry.fields["event"]?.stringValue ?? "?"
      let status = entry.fields["status"]?.numberValue.flatMap { Int(exactly: $0) }.map(String.init)
      return "\(event)@\(Self.seconds(entry.micros)) \(status ?? "no status")"
    }
    return Played(
      outcome: outcome.kind == .idle ? "idle" : "\(outcome.kind): \(outcome.reason)",
      log: log.entries.map { ($0.kind.rawValue, Self.seconds($0.micros)) }, beacons: beacons,
      problems: problems())
  }

  static func seconds(_ micros: Int64) -> String { VirtualTime.secondsText(micros) }
}

/// What a run did, as text: it leaves the host thread.
struct Played: Sendable {
  /// `idle` when the run ended with nothing left to do, else its kind and reason.
  let outcome: String
  /// Each log entry's type and virtual time.
  let log: [(type: String, time: String)]
  /// The `beacon` entries as `event@t status`, in log order.
  let beacons: [String]
  let problems: [String]

  /// The log's entries of `types`, each as `type@t`, in order.
  func entries(_ types: Set<String>) -> [String] {
    log.filter { types.contains($0.type) }.map { "\($0.type)@\($0.time)" }
  }
}
