import Foundation
import PlayerSeam
import Synchronization
import VASTKit

/// Beacons that arrived on other threads, waiting for the host thread to log them. Any thread.
public final class BeaconQueue: Sendable {
  private let beacons = Mutex<[VASTBeacon]>([])

  /// An empty queue.
  public init() {}

  /// Queues a beacon sent.
  public func append(_ beacon: VASTBeacon) { beacons.withLock { $0.append(beacon) } }

  /// Everything queued, in a fixed order (by event as an ad plays, then URL), so that a run's
  /// log does not depend on which answer came first.
  public func drain() -> [VASTBeacon] {
    let drained = beacons.withLock { beacons in
      defer { beacons.removeAll() }
      return beacons
    }
    return VASTBeacon.inLogOrder(drained)
  }
}

extension VASTBeacon {
  static let eventOrder = [
    "error", "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "progress",
    "pause", "resume", "skip", "complete", "click",
  ]

  var eventRank: Int { Self.eventOrder.firstIndex(of: event) ?? Self.eventOrder.count }

  /// Beacons settled together, in a fixed order (by event as an ad plays, then URL), so that a
  /// run's log does not depend on which answer came first.
  static func inLogOrder(_ beacons: [VASTBeacon]) -> [VASTBeacon] {
    beacons.sorted { ($0.eventRank, $0.url) < ($1.eventRank, $1.url) }
  }
}

extension PlaybackEngine {
  /// Logs beacons as `beacon` entries: event, URL, the HTTP status or the failure, and the
  /// content time when they were sent (`contentTime`, given, else the playhead now), so that
  /// after a seek a beacon can be tied to the content (none without a loaded source); the
  /// scheduler's time they were sent (`sentAt`, `sentMicros`) when the clock moved on while they
  /// were answered (a real engine's clock does not wait for them; the headless player's does, so
  /// its entries have none); and the macros sent as `-1` (`macrosUnknown`, when there are any).
  public func logBeacons(
    _ beacons: [VASTBeacon], adId: String?, contentTime: Double? = nil, sentMicros: Int64? = nil
  ) {
    let contentTime = contentTime ?? sentContentTime()
    let sentAt = sentMicros.flatMap { $0 < loop.nowMicros ? VirtualTime.seconds($0) : nil }
    for beacon in beacons {
      var fields = JSONObject([("event", .string(beacon.event)), ("url", .string(beacon.url))])
      if let status = beacon.status { fields["status"] = .number(Double(status)) }
      if let failure = beacon.failure { fields["failure"] = .string(failure) }
      if beacon.attempts > 1 { fields["attempts"] = .number(Double(beacon.attempts)) }
      if let contentTime { fields["contentTime"] = .number(contentTime) }
      if let sentAt { fields["sentAt"] = .number(sentAt) }
      if let unknown = beacon.unknownMacros { fields["macrosUnknown"] = .array(unknown.map { .string($0) }) }
      player.appendLog(.beacon, adId: adId, fields: fields)
    }
  }

  /// The playhead, to log with the beacons sent now; nil without a loaded source.
  func sentContentTime() -> Double? { player.isLoaded ? player.currentTime : nil }

  /// Macro values for beacons and tags: the timestamp follows the virtual clock from the
  /// engine's start, and the cache buster is derived from a counter, so that a run is repeatable.
  /// `[CONTENTPLAYHEAD]` and `[MEDIAPLAYHEAD]` (VAST 4.1's name for it) are the content's
  /// playhead, known at any time; `[ADPLAYHEAD]` is `adPlayhead`, the position in the beacon's
  /// ad (unknown, `-1`, without one).
  public func macroContext(adPlayhead: Double? = nil) -> @Sendable () -> VASTMacroContext {
    let base = startDate.addingTimeInterval(loop.now)
    let counter = macroCounter
    macroCounter &+= 1
    let contentPlayhead = player.currentTime
    return {
      var context = VASTMacroContext(timestamp: base, cacheBuster: Self.cacheBuster(counter))
      context.contentPlayhead = contentPlayhead
      context.mediaPlayhead = contentPlayhead
      context.adPlayhead = adPlayhead
      return context
    }
  }

  /// Macro values read when each beacon is sent, on the host thread (trackers send from the
  /// host's own calls), so `[TIMESTAMP]` and `[CONTENTPLAYHEAD]` follow the clock.
  func liveMacroContext() -> @Sendable () -> VASTMacroContext {
    let engine = HostThreadOnly(WeakEngine(self))
    return {
      guard let self = engine.value.engine else { return VASTMacroContext() }
      return self.macroContext()()
    }
  }

  /// An 8-digit cache buster from a counter (a fixed permutation, so values look random).
  static func cacheBuster(_ counter: Int) -> String {
    let value = (UInt64(truncatingIfNeeded: counter) &* 2_654_435_761 &+ 40_503) % 100_000_000
    let text = String(value)
    return String(repeating: "0", count: 8 - text.count) + text
  }

  /// A beacon sender whose results go to `queue` (none when nil).
  public func beaconSender(queue: BeaconQueue? = nil) -> VASTBeaconSender {
    VASTBeaconSender(client: http, sink: { beacon in queue?.append(beacon) })
  }

  /// Holds the clock until `work` (started now) has settled, then logs the beacons it returns
  /// and hands them to `settled` (on the host thread; neither once the engine is gone). The
  /// entries carry the time the beacons were sent: on a virtual clock nothing waits for a
  /// beacon, so the time its retries and injected delays took (never slept) moves nothing on; a
  /// clock that went on meanwhile (a real engine's) gives the entries a `sentAt`.
  public func settleBeacons(
    adId: String?, label: String, settled: (([VASTBeacon]) -> Void)? = nil,
    _ work: @escaping @Sendable () async -> [VASTBeacon]
  ) {
    let contentTime = sentContentTime()
    let sentMicros = loop.nowMicros
    loop.startWork(label, latency: .notAwaited) { done in
      Task { done(VASTBeacon.inLogOrder(await work())) }
    } completion: { [weak self] beacons in
      // An engine dropped meanwhile (with its host) logs nothing and calls nothing back.
      guard let self else { return }
      logBeacons(beacons, adId: adId, contentTime: contentTime, sentMicros: sentMicros)
      settled?(beacons)
    }
  }
}

/// A weak reference to the engine, for closures that must not keep it alive.
struct WeakEngine {
  weak var engine: PlaybackEngine?
  init(_ engine: PlaybackEngine) { self.engine = engine }
}
