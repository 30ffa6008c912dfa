import Foundation
import PlayerSeam
import VASTKit

/// One break of the client-side engine (a VAST tag of `SourceDescription.ads`, a break of a VMAP
/// schedule given there, or a plugin's break): where it sits, its ads, and whether it has played.
/// Host thread only.
public final class ClientSideBreak {
  /// Where a break sits on the content.
  public enum Placement: Equatable {
    /// At content seconds.
    case at(Double)
    /// After the content (a post-roll).
    case end
    /// At the start of the n-th (from 1) of the content's cues, by start time (VMAP `#n`).
    case position(Int)
  }

  /// Where it sits now (a repeating break moves on).
  public internal(set) var placement: Placement {
    didSet { schedule?.changed() }
  }
  /// How errors name it: `ad <tag>` or `VMAP break "mid" (line 12) at 50%`.
  public let label: String
  /// A VAST tag's ads, created when it resolved; a VMAP break gets its own when due.
  var ads: [any IntegrationAd] = [] {
    didSet { schedule?.changed() }
  }
  /// A plugin's break: the player ad break whose ads (those still there when it is due) play.
  public var adBreak: (any IntegrationAdBreak)? {
    didSet { schedule?.changed() }
  }
  /// The VMAP break, whose source loads each time the break is due.
  let vmap: VMAPAdBreak?
  /// The URL of the VMAP document (for relative `AdTagURI`s and inline VAST).
  let documentURL: URL?
  var played = false {
    didSet { schedule?.changed() }
  }
  /// The schedule of the engine it was added to, told when the break changes in a way that may
  /// move the engine's next break (its placement, whether it is ready or played).
  var schedule: ClientSideSchedule?
  /// Whether `vmap` is there: read on every `timeupdate` (`isReady`), where `vmap != nil` copied
  /// the whole VMAP break out and destroyed it again.
  private let isVMAP: Bool

  /// A break at `placement`, named `label`; a VMAP break with its document's URL.
  public init(placement: Placement, label: String, vmap: VMAPAdBreak? = nil, documentURL: URL? = nil) {
    self.placement = placement
    self.label = label
    self.vmap = vmap
    self.documentURL = documentURL
    isVMAP = vmap != nil
  }

  /// Whether it has something to play when due (a plugin's break is due even if its ads were
  /// removed meanwhile: it then says so).
  var isReady: Bool { !played && (isVMAP || adBreak != nil || !ads.isEmpty) }

  /// The ads to play now.
  public var currentAds: [any IntegrationAd] { adBreak?.ads ?? ads }

  /// `repeatAfter` seconds, for a VMAP break at a time.
  var repeatAfter: Double? {
    guard case .at = placement, let seconds = vmap?.repeatAfter, seconds > 0 else { return nil }
    return seconds
  }

  /// Marks it played at content `position`; a repeating break moves to its next occurrence
  /// after `position` (`offset + k × repeatAfter`) and is due again there.
  func markPlayed(at position: Double) {
    guard let repeatAfter, case .at(let offset) = placement else {
      played = true
      return
    }
    let steps = ((position - offset) / repeatAfter).rounded(.down) + 1
    placement = .at(offset + max(1, steps) * repeatAfter)
  }
}

/// The ad of a client-side break that is playing now, reported on the clock.
final class PlayingClientSideAd {
  let ad: any IntegrationAd
  let duration: Double
  var elapsed = 0.0
  /// Reports progress every tick.
  var ticker: (any ScheduledTimer)?
  /// Ends the ad at its duration.
  var ender: (any ScheduledTimer)?

  init(ad: any IntegrationAd, duration: Double) {
    self.ad = ad
    self.duration = duration
  }

  func stopTimers() {
    ticker?.cancel()
    ender?.cancel()
    ticker = nil
    ender = nil
  }
}

/// The breaks due at one offset, playing one after the other in one player ad break: each
/// segment is one `ClientSideBreak` and its ads (a VMAP break's `breakStart` fires before its
/// first ad, `breakEnd` after its last). Host thread only.
public final class ClientSideRun {
  var segments: [ClientSideSegment] = []
  var current: PlayingClientSideAd?
  /// The segment whose ads are playing.
  var open: ClientSideBreak?
  /// Whether the VMAP sources of the breaks are still loading.
  var loading = true
  /// The content seconds the breaks are due at.
  let offset: Double
  /// A post-roll: the content does not play again after it.
  let postRoll: Bool
  /// How many ads the run has, and how many have been taken to play.
  var total = 0
  var taken = 0

  init(offset: Double, postRoll: Bool) {
    self.offset = offset
    self.postRoll = postRoll
  }
}

/// One break of a run and its ads still to play. Host thread only.
public final class ClientSideSegment {
  let clientBreak: ClientSideBreak
  var ads: [any IntegrationAd]

  /// `clientBreak` and the ads it plays.
  public init(_ clientBreak: ClientSideBreak, _ ads: [any IntegrationAd]) {
    self.clientBreak = clientBreak
    self.ads = ads
  }
}
