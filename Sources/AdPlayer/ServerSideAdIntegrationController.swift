import PlayerSeam

/// What the player hands an integration's factory: creates breaks and ads and reports their
/// playback, with THEOplayer's rules. Every rule violation throws an `AdControllerError`.
public final class ServerSideAdIntegrationController {
  /// The integration's id.
  public let integration: String
  /// A number no other controller, ad or break of this process has: the owner of its breaks.
  public let serial = Serial.next()
  /// The breaks, in the order they were created.
  public private(set) var adBreaks: [AdBreak] = []
  /// The ads that are playing, in the order they began.
  public private(set) var currentAds: [Ad] = []
  /// The live breaks by `timeOffset`, so that creating and finding breaks does not scan them all.
  private var breaksByOffset: [Double: AdBreak] = [:]
  /// The breaks between `adbreakbegin` and `adbreakend` (one, or none, almost always).
  private var playingBreaks: [AdBreak] = []
  let link: PlayerLink
  private var createdAds = 0

  init(integration: String, link: PlayerLink) {
    self.integration = integration
    self.link = link
  }

  deinit {
    // Ads and their breaks refer to each other; a player that goes with live breaks frees them.
    for adBreak in adBreaks { _ = adBreak.removeAll() }
  }

  var player: Player? { link.player }

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
    adBreak.counter = player
    breaksByOffset[timeOffset] = adBreak
    adBreak.maxDuration = `init`.maxDuration
    adBreak.customData = `init`.customData
    adBreaks.append(adBreak)
    player?.emit(.addadbreak, adBreak: adBreak)
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
    player?.emit(.addad, ad: ad, adBreak: target)
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
    player?.emit(.updatead, ad: ad, adBreak: adBreak)
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
    player?.emit(.updateadbreak, adBreak: adBreak)
  }

  /// Starts an ad: fires `adbreakbegin` if its break is not playing yet, then `adbegin`.
  /// Throws if the ad is already playing.
  public func beginAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "beginAd")
    guard ad.state != .playing else {
      throw AdControllerError("beginAd", "ad \(quoted(ad.id)) is already playing")
    }
    player?.bookkeepingSteps += playingBreaks.count
    for other in playingBreaks where other !== adBreak && other.playingAds == 0 { endBreak(other) }
    ad.state = .playing
    ad.progress = 0
    ad.quartilesFired = 0
    currentAds.append(ad)
    if !adBreak.isPlaying {
      adBreak.isPlaying = true
      playingBreaks.append(adBreak)
      player?.emit(.adbreakbegin, adBreak: adBreak)
    }
    player?.emit(.adbegin, ad: ad, adBreak: adBreak)
  }

  /// Reports progress 0…1 of a playing ad; fires each quartile event once as progress crosses
  /// 0.25, 0.5 and 0.75. Throws if the ad has not begun or progress is outside 0…1.
  public func updateAdProgress(_ ad: Ad, _ progress: Double) throws(AdControllerError) {
    let method = "updateAdProgress"
    let adBreak = try liveBreak(of: ad, method)
    guard ad.state == .playing else { throw AdControllerError(method, "ad \(quoted(ad.id)) has not begun") }
    guard progress.isFinite, progress >= 0, progress <= 1 else {
      throw AdControllerError(method, "progress must be a number from 0 to 1, got \(number(progress))")
    }
    ad.progress = progress
    let quartiles: [(Double, EventType)] = [
      (0.25, .adfirstquartile), (0.5, .admidpoint), (0.75, .adthirdquartile),
    ]
    while ad.quartilesFired < quartiles.count, progress >= quartiles[ad.quartilesFired].0 {
      let event = quartiles[ad.quartilesFired].1
      ad.quartilesFired += 1
      player?.emit(event, ad: ad, adBreak: adBreak)
    }
  }

  /// Ends an ad: fires `adend` only if it was playing (then `adbreakend` if it was the last).
  public func endAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "endAd")
    finish(ad, in: adBreak, as: .ended)
  }

  /// Skips an ad: fires `adskip` with `playedPercentage` only if it was playing.
  public func skipAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "skipAd")
    finish(ad, in: adBreak, as: .skipped)
  }

  /// Removes an ad from its break, ending it first if it is playing. There is no `removead` event.
  public func removeAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "removeAd")
    remove(ad, from: adBreak)
  }

  /// Removes a break and its remaining ads (ending a playing one), then fires `removeadbreak`.
  public func removeAdBreak(_ adBreak: AdBreak) throws(AdControllerError) {
    guard owns(adBreak) else {
      throw AdControllerError("removeAdBreak", "the break is not a live break of \(integration)")
    }
    removeBreak(adBreak)
  }

  /// Removes every break and ad; `removeadbreak` fires for each, in the order they were created
  /// (their listeners see `adBreaks` without them already).
  public func removeAllAds() {
    let removed = adBreaks
    adBreaks.removeAll()
    for adBreak in removed { removeBreak(adBreak) }
  }

  /// Reports a non-fatal error: fires `aderror`; playback goes on. An error reported while
  /// `maxNestedAdErrors` `aderror` dispatches are running inside each other (an `aderror` listener
  /// that calls `controller:error`, or that fails) is not fired: the log gets an `aderror-dropped`
  /// entry with its message instead, so such a listener cannot re-enter for ever.
  public func error(_ error: any Error) {
    guard let player else { return }
    guard player.adErrorNesting < Self.maxNestedAdErrors else {
      player.appendLog(
        type: "aderror-dropped",
        fields: JSONObject([
          ("message", .string("\(error)")),
          ("reason", .string("raised inside \(Self.maxNestedAdErrors) nested aderror listeners")),
        ]))
      return
    }
    player.adErrorNesting += 1
    defer { player.adErrorNesting -= 1 }
    player.emit(.aderror, ad: currentAds.first, adBreak: currentAds.first?.adBreak, errorMessage: "\(error)")
  }

  /// How many `aderror` dispatches may run inside each other (see `error`).
  public static let maxNestedAdErrors = 8

  /// Reports a fatal error: the player fires `error` and stops; `code` defaults to 10000 (AD_ERROR).
  public func fatalError(_ error: any Error, code: Int? = nil) {
    player?.fail(message: "\(error)", code: code ?? Player.adErrorCode)
  }

  // MARK: - Rules shared by the methods above

  private func owns(_ adBreak: AdBreak) -> Bool {
    !adBreak.isRemoved && adBreak.owner == serial
  }

  private func liveBreak(of ad: Ad, _ method: String) throws(AdControllerError) -> AdBreak {
    guard ad.state != .removed else { throw AdControllerError(method, "ad \(quoted(ad.id)) was removed") }
    guard ad.integration == integration, let adBreak = ad.adBreak, owns(adBreak) else {
      throw AdControllerError(method, "ad \(quoted(ad.id)) is not an ad of \(integration)")
    }
    return adBreak
  }

  private func finish(_ ad: Ad, in adBreak: AdBreak, as state: AdPlaybackState) {
    guard ad.state == .playing else { return }
    ad.state = state
    player?.bookkeepingSteps += currentAds.count
    currentAds.removeAll { $0 === ad }
    if state == .skipped {
      player?.emit(.adskip, ad: ad, adBreak: adBreak, playedPercentage: ad.progress)
    } else {
      player?.emit(.adend, ad: ad, adBreak: adBreak)
    }
    endBreakIfDone(adBreak)
  }

  private func remove(_ ad: Ad, from adBreak: AdBreak) {
    finish(ad, in: adBreak, as: .ended)
    ad.state = .removed
    adBreak.remove(ad)
    player?.ads.adRemoved(ad)
    endBreakIfDone(adBreak)
  }

  private func removeBreak(_ adBreak: AdBreak) {
    // Marked first, so a listener that removes the break again while its ads end is refused.
    guard !adBreak.isRemoved else { return }
    adBreak.isRemoved = true
    // Every ad ends and is marked removed in order (adbreakend comes after the last one, as
    // when they are removed one by one); then the break lets them all go at once.
    for ad in adBreak.ads {
      finish(ad, in: adBreak, as: .ended)
      ad.state = .removed
      player?.ads.adRemoved(ad)
      endBreakIfDone(adBreak)
    }
    _ = adBreak.removeAll()
    if adBreak.isPlaying { endBreak(adBreak) }
    if let index = adBreaks.firstIndex(where: { $0 === adBreak }) { adBreaks.remove(at: index) }
    if breaksByOffset[adBreak.timeOffset] === adBreak { breaksByOffset[adBreak.timeOffset] = nil }
    player?.emit(.removeadbreak, adBreak: adBreak)
  }

  /// A playing break ends when none of its ads is playing or still to play.
  private func endBreakIfDone(_ adBreak: AdBreak) {
    guard adBreak.isPlaying, adBreak.pendingAds == 0 else { return }
    endBreak(adBreak)
  }

  private func endBreak(_ adBreak: AdBreak) {
    adBreak.isPlaying = false
    playingBreaks.removeAll { $0 === adBreak }
    player?.emit(.adbreakend, adBreak: adBreak)
  }

  private func validate(_ method: String, _ init: AdInit) throws(AdControllerError) {
    if let value = `init`.timeOffset { try check(method, "timeOffset", value, atLeast: 0) }
    if let value = `init`.duration { try check(method, "duration", value, atLeast: 0) }
    if let value = `init`.skipOffset { try check(method, "skipOffset", value, atLeast: -1) }
    if let value = `init`.width { try check(method, "width", value, atLeast: 0) }
    if let value = `init`.height { try check(method, "height", value, atLeast: 0) }
  }

  private func check(_ method: String, _ field: String, _ value: Double, atLeast minimum: Double)
    throws(AdControllerError)
  {
    guard value.isFinite, value >= minimum else {
      throw AdControllerError(
        method, "\(field) must be a finite number ≥ \(number(minimum)), got \(number(value))")
    }
  }

  private func number(_ value: Double) -> String {
    var text = ""
    JSONWriter.writeNumber(value, to: &text)
    return value.isFinite ? text : "\(value)"
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
