import OutsideText
import PlayerSeam

/// What the player hands an integration's factory: creates breaks and ads and reports their
/// playback, with THEOplayer's rules. Every rule violation throws an `AdControllerError`. Host thread only.
public final class ServerSideAdIntegrationController {
  /// The integration's id.
  public let integration: String
  /// A number no other controller, ad or break of this process has: the owner of its breaks.
  public let serial = Serial.next()
  /// The breaks, in the order they were created.
  public package(set) var adBreaks: [AdBreak] = []
  /// The ads that are playing, in the order they began.
  public package(set) var currentAds: [Ad] = []
  /// The live breaks by `timeOffset`, so that creating and finding breaks does not scan them all.
  package var breaksByOffset: [Double: AdBreak] = [:]
  /// The breaks between `adbreakbegin` and `adbreakend` (one, or none, almost always).
  package var playingBreaks: [AdBreak] = []
  package let link: AdsLink
  private var createdAds = 0

  package init(integration: String, link: AdsLink) {
    self.integration = integration
    self.link = link
  }

  deinit {
    // Ads and their breaks refer to each other; a player that goes with live breaks frees them.
    for adBreak in adBreaks { _ = adBreak.removeAll() }
  }

  package var player: (any AdsOwner)? { link.player }

  /// Every ad of every break, break by break.
  public var ads: [Ad] { adBreaks.flatMap(\.ads) }

  /// Creates a break; throws if a break with the same `timeOffset` exists. Fires `addadbreak`.
  @discardableResult
  public func createAdBreak(_ init: AdBreakInit) throws(AdControllerError) -> AdBreak {
    let method = "createAdBreak"
    guard let timeOffset = `init`.timeOffset else {
      throw AdControllerError(method, "timeOffset is required")
    }
    try check(method, "timeOffset", timeOffset, atLeast: 0)
    if let maxDuration = `init`.maxDuration { try check(method, "maxDuration", maxDuration, atLeast: 0) }
    if breaksByOffset[timeOffset] != nil {
      throw AdControllerError(method, "a break at timeOffset \(number(timeOffset)) already exists")
    }
    let adBreak = AdBreak(integration: integration, timeOffset: timeOffset)
    adBreak.owner = serial
    adBreak.counter = link
    breaksByOffset[timeOffset] = adBreak
    adBreak.maxDuration = `init`.maxDuration
    adBreak.customData = `init`.customData
    adBreaks.append(adBreak)
    player?.adEvent(.addadbreak, adBreak: adBreak)
    return adBreak
  }

  /// Creates an ad in `adBreak`, or without one in the break at `init.timeOffset` (created if
  /// there is none, firing `addadbreak`). Fires `addad`.
  @discardableResult
  public func createAd(_ init: AdInit, adBreak: AdBreak? = nil) throws(AdControllerError) -> Ad {
    let method = "createAd"
    guard let type = `init`.type else {
      throw AdControllerError(method, "type is required (linear or nonlinear)")
    }
    try validate(method, `init`)
    let target: AdBreak
    if let adBreak {
      guard owns(adBreak) else {
        throw AdControllerError(method, "the break is not a live break of \(integration)")
      }
      target = adBreak
    } else {
      guard let timeOffset = `init`.timeOffset else {
        throw AdControllerError(method, "timeOffset is required when no break is given")
      }
      if let existing = breaksByOffset[timeOffset] {
        target = existing
      } else {
        target = try createAdBreak(AdBreakInit(timeOffset: timeOffset))
      }
    }
    createdAds += 1
    let ad = Ad(id: "\(integration)-ad-\(createdAds)", type: type, integration: integration)
    ad.apply(`init`)
    ad.adBreak = target
    target.append(ad)
    player?.adEvent(.addad, ad: ad, adBreak: target)
    return ad
  }

  /// Changes the fields `init` sets; `timeOffset`, if set, must be the ad's break's. Fires `updatead`.
  public func updateAd(_ ad: Ad, _ init: AdInit) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "updateAd")
    try validate("updateAd", `init`)
    if let timeOffset = `init`.timeOffset, timeOffset != adBreak.timeOffset {
      throw AdControllerError(
        "updateAd", "an ad cannot move to another break (timeOffset \(number(timeOffset)))")
    }
    ad.apply(`init`)
    player?.adEvent(.updatead, ad: ad, adBreak: adBreak)
  }

  /// Changes the fields `init` sets; a new `timeOffset` must be free. Fires `updateadbreak`.
  public func updateAdBreak(_ adBreak: AdBreak, _ init: AdBreakInit) throws(AdControllerError) {
    let method = "updateAdBreak"
    guard owns(adBreak) else {
      throw AdControllerError(method, "the break is not a live break of \(integration)")
    }
    if let timeOffset = `init`.timeOffset {
      try check(method, "timeOffset", timeOffset, atLeast: 0)
      if let other = breaksByOffset[timeOffset], other !== adBreak {
        throw AdControllerError(method, "a break at timeOffset \(number(timeOffset)) already exists")
      }
      breaksByOffset[adBreak.timeOffset] = nil
      breaksByOffset[timeOffset] = adBreak
      adBreak.timeOffset = timeOffset
    }
    if let maxDuration = `init`.maxDuration {
      try check(method, "maxDuration", maxDuration, atLeast: 0)
      adBreak.maxDuration = maxDuration
    }
    if let customData = `init`.customData { adBreak.customData = customData }
    player?.adEvent(.updateadbreak, adBreak: adBreak)
  }

  /// Reports a non-fatal error: fires `aderror`; playback goes on. An error reported while
  /// `maxNestedAdErrors` `aderror` dispatches are running inside each other (an `aderror` listener
  /// that calls `controller:error`, or that fails) is not fired: the log gets an `aderror-dropped`
  /// entry with its message instead, so such a listener cannot re-enter for ever.
  public func error(_ error: any Error) {
    guard let player else { return }
    guard player.adErrorNesting < Self.maxNestedAdErrors else {
      player.appendLog(
        .aderrorDropped, adId: nil,
        fields: JSONObject([
          ("message", .string("\(error)")),
          ("reason", .string("raised inside \(Self.maxNestedAdErrors) nested aderror listeners")),
        ]))
      return
    }
    player.adErrorNesting += 1
    defer { player.adErrorNesting -= 1 }
    player.adEvent(
      .aderror, ad: currentAds.first, adBreak: currentAds.first?.adBreak, errorMessage: "\(error)")
  }

  /// The code of a fatal ad error when the integration gives none (THEOplayer's AD_ERROR).
  public static let adErrorCode = 10000

  /// How many `aderror` dispatches may run inside each other (see `error`).
  public static let maxNestedAdErrors = 8

  /// Reports a fatal error: the player fires `error` and stops; `code` defaults to 10000 (AD_ERROR).
  public func fatalError(_ error: any Error, code: Int? = nil) {
    player?.fail(message: "\(error)", code: code ?? Self.adErrorCode)
  }
}
