import OutsideText
import PlayerSeam

/// The player a registry of ads belongs to: where its controllers' events, log entries, fatal
/// errors and work counts go. Each player implementing `IntegrationPlayer` with these ads
/// (the headless one, a real engine's) conforms. Host thread only.
package protocol AdsOwner: AnyObject {
  /// The player's registry.
  var ads: Ads { get }
  /// Ads and breaks the controllers' bookkeeping visited (a work count, for tests and benches).
  var bookkeepingSteps: Int { get set }
  /// `aderror` dispatches running now, inside each other (see `ServerSideAdIntegrationController.error`).
  var adErrorNesting: Int { get set }
  /// Logs an ad event and hands it to the ad listeners.
  func emitAdEvent(
    _ type: EventType, ad: Ad?, adBreak: AdBreak?, playedPercentage: Double?, errorMessage: String?,
    joinedAt: Double?)
  /// Appends an entry to the run log at the current time.
  func appendLog(_ kind: LogKind, adId: String?, fields: JSONObject)
  /// Stops playback for good (until a new source) and fires `error`.
  func fail(message: String, code: Int)
}

extension AdsOwner {
  /// `emitAdEvent` with the fields an event does not have left out.
  func adEvent(
    _ type: EventType, ad: Ad? = nil, adBreak: AdBreak? = nil, playedPercentage: Double? = nil,
    errorMessage: String? = nil, joinedAt: Double? = nil
  ) {
    emitAdEvent(
      type, ad: ad, adBreak: adBreak, playedPercentage: playedPercentage, errorMessage: errorMessage,
      joinedAt: joinedAt)
  }
}

/// How the controllers, breaks and registry reach back to their player. The player clears the
/// link when it goes, so a late call finds no player rather than a dangling one. Unlike a `weak`
/// reference it gives the player no side table, which keeps the reference counting on the hot
/// path fast. Host thread only.
package final class AdsLink {
  /// The player, until it goes.
  package unowned(unsafe) var player: (any AdsOwner)?

  package init() {}
}
