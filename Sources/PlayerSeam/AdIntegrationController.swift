/// THEOplayer's `ServerSideAdIntegrationController`: what an integration calls to create, play
/// and remove the ads of its source. Each violation of the API's rules throws
/// `AdControllerError` (`"method: message"`); an ad or break of another integration, or one
/// removed, is refused. The rules are docs/player.md's, checked on every implementation by the
/// conformance tests.
public protocol AdIntegrationController: AnyObject {
  /// The ad type of this player.
  associatedtype Ad: IntegrationAd
  /// The break type of this player.
  associatedtype AdBreak: IntegrationAdBreak

  /// The integration's id.
  var integration: String { get }
  /// Unique in the process and never reused (see `IntegrationAd.serial`).
  var serial: UInt64 { get }
  /// The integration's live breaks, in the order they were created.
  var adBreaks: [AdBreak] { get }
  /// The ads playing now.
  var currentAds: [Ad] { get }
  /// Every ad of the live breaks.
  var ads: [Ad] { get }

  /// Creates a break (`timeOffset` required, ≥ 0; one break per offset); fires `addadbreak`.
  func createAdBreak(_ init: AdBreakInit) throws(AdControllerError) -> AdBreak
  /// Creates an ad in `adBreak`, or without one in the break at `init.timeOffset` (created if
  /// need be); fires `addad`.
  func createAd(_ init: AdInit, adBreak: (any IntegrationAdBreak)?) throws(AdControllerError) -> Ad
  /// Changes the fields the init sets; fires `updatead`.
  func updateAd(_ ad: any IntegrationAd, _ init: AdInit) throws(AdControllerError)
  /// Changes the fields the init sets; fires `updateadbreak`.
  func updateAdBreak(_ adBreak: any IntegrationAdBreak, _ init: AdBreakInit) throws(AdControllerError)
  /// Begins an ad (and its break if it is not playing); fires `adbreakbegin`, `adbegin`.
  func beginAd(_ ad: any IntegrationAd) throws(AdControllerError)
  /// Begins an ad part-way, `offset` seconds into it (adhost's late join; THEOplayer's
  /// `beginAd` has no such argument): its progress starts at `offset` over its duration and the
  /// quartiles already past never fire. Throws for an offset that is not a finite number from 0
  /// to the ad's duration (≥ 0 without one).
  func beginAd(_ ad: any IntegrationAd, at offset: Double) throws(AdControllerError)
  /// Reports a playing ad's progress, 0…1; fires the quartiles it crosses.
  func updateAdProgress(_ ad: any IntegrationAd, _ progress: Double) throws(AdControllerError)
  /// Ends a playing ad (`adend`); nothing for one not playing.
  func endAd(_ ad: any IntegrationAd) throws(AdControllerError)
  /// Skips a playing ad (`adskip`); nothing for one not playing.
  func skipAd(_ ad: any IntegrationAd) throws(AdControllerError)
  /// Removes an ad, ending it first if it plays.
  func removeAd(_ ad: any IntegrationAd) throws(AdControllerError)
  /// Removes a break and its ads; fires `removeadbreak`.
  func removeAdBreak(_ adBreak: any IntegrationAdBreak) throws(AdControllerError)
  /// Removes every break of the integration.
  func removeAllAds()
  /// Reports an ad error (`aderror`); playback goes on.
  func error(_ error: any Error)
  /// Reports a fatal error: the player's `error` (code 10000 when nil); playback stops.
  func fatalError(_ error: any Error, code: Int?)
}

extension AdIntegrationController {
  /// Creates an ad in the break at `init.timeOffset` (created if need be).
  public func createAd(_ init: AdInit) throws(AdControllerError) -> Ad {
    try createAd(`init`, adBreak: nil)
  }

  /// Reports a fatal error with the default code (10000).
  public func fatalError(_ error: any Error) { fatalError(error, code: nil) }
}
