import PlayerSeam

/// A break: a group of ads at one place in the content. A class, like `Ad`.
///
/// Its ads are kept in slots, a removed ad leaving a hole until more than half are holes, and it
/// counts its ads still to play: adding, removing and ending an ad take constant (amortised)
/// work however many ads the break has. Host thread only.
public final class AdBreak {
  /// The id of the integration that created it.
  public let integration: String
  /// A number no other break, ad or controller of this process has, and never will.
  public let serial = Serial.next()
  /// Where the break is, in content seconds.
  public package(set) var timeOffset: Double
  /// The most seconds the break may last, if known.
  public package(set) var maxDuration: Double?
  /// Whatever the integration keeps with the break.
  public package(set) var customData: JSONValue?
  /// Whether `adbreakbegin` fired and `adbreakend` has not yet.
  public package(set) var isPlaying = false
  /// Whether the break was removed.
  public package(set) var isRemoved = false
  /// The serial of the controller that created it.
  package var owner: UInt64?
  /// Ads scheduled or playing, and ads playing.
  private(set) var pendingAds = 0
  private(set) var playingAds = 0
  /// Where the entries visited are counted (the player's `bookkeepingSteps`): its link, not a
  /// `weak` reference, which would give the player a side table (see `AdsLink`).
  package var counter: AdsLink?

  private var slots: [Ad?] = []
  private var holes = 0

  package init(integration: String, timeOffset: Double) {
    self.integration = integration
    self.timeOffset = timeOffset
  }

  /// The ads, in the order they were added.
  public var ads: [Ad] { slots.compactMap { $0 } }

  /// How many ads it has.
  public var adCount: Int { slots.count - holes }

  package func append(_ ad: Ad) {
    ad.slot = slots.count
    slots.append(ad)
    count(ad.state, 1)
    counter?.player?.bookkeepingSteps += 1
  }

  package func remove(_ ad: Ad) {
    guard ad.slot >= 0, ad.slot < slots.count, slots[ad.slot] === ad else { return }
    slots[ad.slot] = nil
    count(ad.state, -1)
    ad.slot = -1
    holes += 1
    counter?.player?.bookkeepingSteps += 1
    if holes > slots.count / 2 { compact() }
  }

  /// Takes every ad out (their state unchanged) and answers them, in order.
  package func removeAll() -> [Ad] {
    let removed = ads
    for ad in removed { ad.slot = -1 }
    slots.removeAll()
    (holes, pendingAds, playingAds) = (0, 0, 0)
    counter?.player?.bookkeepingSteps += removed.count
    return removed
  }

  package func stateChanged(from old: AdPlaybackState, to new: AdPlaybackState) {
    count(old, -1)
    count(new, 1)
  }

  private func count(_ state: AdPlaybackState, _ delta: Int) {
    switch state {
    case .scheduled: pendingAds += delta
    case .playing:
      pendingAds += delta
      playingAds += delta
    case .ended, .skipped, .removed: break
    }
  }

  private func compact() {
    counter?.player?.bookkeepingSteps += slots.count
    var kept: [Ad?] = []
    kept.reserveCapacity(adCount)
    for case let ad? in slots {
      ad.slot = kept.count
      kept.append(ad)
    }
    slots = kept
    holes = 0
  }

  /// `maxDuration` less what its ads have played (finished ads count in full, a playing ad by
  /// its progress), never below 0; `nil` when `maxDuration` is unknown.
  public var maxRemainingDuration: Double? {
    guard let maxDuration else { return nil }
    var played = 0.0
    for case let ad? in slots {
      switch ad.state {
      case .ended, .skipped: played += ad.duration.map { $0 * (ad.state == .skipped ? ad.progress : 1) } ?? 0
      case .playing: played += (ad.duration ?? 0) * ad.progress
      case .scheduled, .removed: break
      }
    }
    return max(0, maxDuration - played)
  }
}
