import AdPlayer
import VASTKit

/// One break of `SourceDescription.ads`: where it sits, its ads once resolved, and whether it
/// has played.
final class ClientSideBreak {
  /// Content seconds, or nil for the post-roll (`"end"`).
  let offset: Double?
  let tag: String
  var adBreak: AdBreak?
  var ads: [Ad] = []
  var played = false

  init(offset: Double?, tag: String) {
    self.offset = offset
    self.tag = tag
  }
}

/// The ad of a client-side break that is playing now, reported on the clock.
final class PlayingClientSideAd {
  let ad: Ad
  let duration: Double
  var elapsed = 0.0
  var ticker: TimerHandle?

  init(ad: Ad, duration: Double) {
    self.ad = ad
    self.duration = duration
  }
}
