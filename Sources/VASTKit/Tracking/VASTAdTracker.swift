import Foundation
import HTTPKit
import Synchronization

/// Fires one ad's beacons as the player reports what happens to it.
///
/// `begin` sends every Impression URL at once plus `creativeView` and `start` (and shows the
/// companions and the icons due at 0, see `VASTAdTracker+Creatives`); `progress`
/// sends quartiles and `progress` offsets as the playhead crosses them (each once); `end`
/// sends `complete` once at least 99 % was reached. Beacons go out in the background; every
/// one reaches the sender's sink. Any thread.
public final class VASTAdTracker: Sendable {
  /// How far the ad played, and what was sent.
  struct Playback {
    var duration: Double?
    var position = 0.0
    var furthest = 0.0
    /// The events sent (each once), and the icons shown (`icon#N`).
    var once: Set<String> = []
    var paused = false
    var pending: [Task<(value: [VASTBeacon], seconds: Double), Never>] = []
    /// How many of `pending` `takeBatch` has handed out.
    var batched = 0
  }

  /// The (merged) ad being tracked.
  public let ad: VASTAd
  private let sender: VASTBeaconSender
  private let baseContext: @Sendable () -> VASTMacroContext
  let playback: Mutex<Playback>
  /// `[ASSETURI]`: the chosen media file.
  public let assetURI: String?
  /// `[PODSEQUENCE]`.
  public let podSequence: Int?

  /// A tracker for `ad`. `context` supplies the macro values that do not come from the ad
  /// (timestamp, cache buster, content playhead, …); inject it for deterministic output.
  public init(
    ad: VASTAd, sender: VASTBeaconSender, assetURI: String? = nil, podSequence: Int? = nil,
    context: @escaping @Sendable () -> VASTMacroContext = { VASTMacroContext() }
  ) {
    self.ad = ad
    self.sender = sender
    self.assetURI = assetURI
    self.podSequence = podSequence ?? ad.sequence
    self.baseContext = context
    self.playback = Mutex(Playback(duration: ad.linear?.duration))
  }

  private var linear: VASTLinear? { ad.linear }

  /// Sets the duration the player measured (used for quartiles and percentage offsets).
  public func setDuration(_ seconds: Double) {
    playback.withLock { if seconds > 0 && seconds.isFinite { $0.duration = seconds } }
  }

  /// The first frame is shown: all Impressions, `creativeView` and `start`.
  public func begin() {
    guard claim("impression") else { return }
    send("impression", ad.impressions.map(\.url))
    send("creativeView", urls(for: "creativeView"))
    if claim("start") { send("start", urls(for: "start")) }
    showCompanions()
    showIcons()
    showNonLinear()
  }

  /// The playhead moved to `seconds` into the ad.
  public func progress(to seconds: Double) {
    guard seconds.isFinite, seconds >= 0 else { return }
    let due: [(String, [String])] = playback.withLock { playback in
      playback.position = seconds
      playback.furthest = max(playback.furthest, seconds)
      return dueEvents(upTo: playback.furthest, in: &playback)
    }
    for (event, urls) in due { send(event, urls) }
    showIcons()
  }

  /// The ad ended: `complete` when at least 99 % was played (any quartiles still due first);
  /// with no known duration the player's word is taken.
  public func end() {
    let (completes, due): (Bool, [(String, [String])]) = playback.withLock { playback in
      guard let duration = playback.duration else { return (true, []) }
      guard playback.furthest >= duration * 0.99 else { return (false, []) }
      playback.furthest = max(playback.furthest, duration)
      return (true, dueEvents(upTo: playback.furthest, in: &playback))
    }
    for (event, urls) in due { send(event, urls) }
    if completes && claim("complete") { send("complete", urls(for: "complete")) }
  }

  /// The viewer skipped the ad.
  public func skip() { if claim("skip") { send("skip", urls(for: "skip")) } }

  /// Playback paused (ignored when already paused).
  public func pause() {
    let fire = playback.withLock { playback in
      defer { playback.paused = true }
      return !playback.paused
    }
    if fire { send("pause", urls(for: "pause")) }
  }

  /// Playback resumed after a pause.
  public func resume() {
    let fire = playback.withLock { playback in
      defer { playback.paused = false }
      return playback.paused
    }
    if fire { send("resume", urls(for: "resume")) }
  }

  /// The viewer clicked the ad: `ClickTracking` URLs; returns the ClickThrough to open.
  @discardableResult
  public func click() -> String? {
    send("click", linear?.videoClicks.clickTracking ?? [])
    return linear?.videoClicks.clickThrough
  }

  /// Any other tracking event by its VAST name (`mute`, `unmute`, `fullscreen`, `closeLinear`, …).
  public func fire(_ event: String) { send(event, urls(for: event)) }

  /// The ad failed: the Error URLs (of the whole chain) with `[ERRORCODE]`.
  public func error(_ code: VASTErrorCode) {
    guard claim("error") else { return }
    send("error", ad.errors, errorCode: code.rawValue)
  }

  /// Waits until every beacon sent so far is settled (answered or given up).
  public func settle() async {
    let tasks = playback.withLock { $0.pending }
    for task in tasks { _ = await task.value }
  }

  /// The beacons sent since the last call, to wait for together: a host logs each batch with
  /// the call that sent it, so its log does not depend on which answer came first.
  public func takeBatch() -> VASTBeaconBatch {
    playback.withLock { playback in
      defer { playback.batched = playback.pending.count }
      return VASTBeaconBatch(sends: Array(playback.pending[playback.batched...]))
    }
  }

  func claim(_ event: String) -> Bool {
    playback.withLock { $0.once.insert(event).inserted }
  }

  private func urls(for event: String) -> [String] {
    linear?.trackingEvents.filter { $0.event == event && $0.offset == nil }.map(\.url) ?? []
  }

  /// Quartiles and progress offsets at or before `seconds` not yet sent, marked sent.
  private func dueEvents(upTo seconds: Double, in playback: inout Playback) -> [(String, [String])] {
    var due: [(String, [String])] = []
    if let duration = playback.duration, duration > 0 {
      for (fraction, event) in [(0.25, "firstQuartile"), (0.5, "midpoint"), (0.75, "thirdQuartile")]
      where seconds >= duration * fraction && playback.once.insert(event).inserted {
        due.append((event, urls(for: event)))
      }
    }
    for (index, tracking) in (linear?.trackingEvents ?? []).enumerated() where tracking.event == "progress" {
      guard let at = tracking.offset?.seconds(duration: playback.duration), seconds >= at,
        playback.once.insert("progress#\(index)").inserted
      else { continue }
      due.append(("progress", [tracking.url]))
    }
    return due
  }

  /// Sends `urls` as `event` beacons with the ad's macro values (and `[ERRORCODE]`, `[REASON]`).
  func send(_ event: String, _ urls: [String], errorCode: Int? = nil, reason: Int? = nil) {
    guard !urls.isEmpty else { return }
    var context = baseContext()
    context.adPlayhead = playback.withLock { $0.position }
    context.errorCode = errorCode ?? context.errorCode
    context.reason = reason ?? context.reason
    context.assetURI = context.assetURI ?? assetURI
    context.adServingId = context.adServingId ?? ad.adServingId
    context.podSequence = context.podSequence ?? podSequence
    context.adType = context.adType ?? ad.adType
    if context.universalAdId == nil, let id = ad.creatives.lazy.flatMap(\.universalAdIds).first {
      context.universalAdId = (id.idRegistry.map { $0 + " " } ?? "") + id.value
    }
    let sender = sender
    // Each send measures its own virtual latency: sends run side by side (see the batch).
    let task = Task {
      await VirtualLatency.measuring { await sender.send(event: event, urls: urls, context: context) }
    }
    playback.withLock { $0.pending.append(task) }
  }
}

/// Beacons a tracker sent (`VASTAdTracker.takeBatch`), to wait for together.
public struct VASTBeaconBatch: Sendable {
  let sends: [Task<(value: [VASTBeacon], seconds: Double), Never>]

  /// Whether nothing was sent.
  public var isEmpty: Bool { sends.isEmpty }

  /// Waits until every beacon of the batch is settled; returns them in the order they were sent.
  public func settled() async -> [VASTBeacon] {
    var beacons: [VASTBeacon] = []
    var longest = 0.0
    for send in sends {
      let (sent, seconds) = await send.value
      beacons += sent
      longest = max(longest, seconds)
    }
    // The sends ran side by side: the batch took as long as the longest (in virtual time).
    VirtualLatency.current?.add(longest)
    return beacons
  }
}
