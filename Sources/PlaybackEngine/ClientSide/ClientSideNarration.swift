import Foundation
import PlayerSeam

/// What the client-side engine tells the integration it plays for as it goes. The host's `csai`
/// ads say nothing; a plugin's engine (`clientside.engine`) logs each step in its own words.
public enum ClientSideNarration {
  /// A break the playhead jumped over: it will not play.
  case jumpedOver(offset: Double)
  /// A due break whose ads were all removed meanwhile.
  case noAdsLeft(offset: Double)
  /// A break begins at `contentTime` with `count` ads.
  case breakBegins(offset: Double, contentTime: Double, count: Int)
  /// The `index`-th of `total` ads of the break began.
  case adBegins(index: Int, total: Int, ad: any IntegrationAd)
  case adEnds(ad: any IntegrationAd)
  case adSkipped(ad: any IntegrationAd, after: Double)
  /// The break ended; the content resumes at `resumesAt`, or has ended (nil).
  case breakEnds(offset: Double, resumesAt: Double?)
  /// The content started while a break plays: it was paused again.
  case pausedAgain
  /// A skip the engine refused: the ad is not playing, is not skippable, or has not played its
  /// skip offset (`played` of `skipOffset` seconds).
  case skipRefused(ad: (any IntegrationAd)?, reason: SkipRefusal)
  /// A controller call failed (an `aderror` is for the integration to report): `call` on `ad`.
  case callFailed(call: ClientSideCall, ad: any IntegrationAd, message: String)

  /// Why a skip was refused.
  public enum SkipRefusal {
    case notPlaying
    case notSkippable
    case tooEarly(skipOffset: Double, played: Double)
  }
}

/// The controller calls of the engine that may fail.
public enum ClientSideCall: String {
  case beginAd, endAd, skipAd, updateAdProgress
}

/// What the engine needs of the integration it plays for, beyond its controller.
public protocol ClientSideEngineDelegate: AnyObject {
  /// Whether the content is held (a pre-roll still loading): no break starts meanwhile.
  var isHolding: Bool { get }
  /// Makes the ads of a due group ready (VMAP sources load now) and then calls
  /// `engine.start(run, segments)` on the host thread.
  func prepare(_ group: [ClientSideBreak], run: ClientSideRun, at offset: Double)
  /// Sends a break's own tracking (`breakStart`, `breakEnd`), if it has any.
  func fireTracking(_ clientBreak: ClientSideBreak, event: String)
  func narrate(_ narration: ClientSideNarration)
}
