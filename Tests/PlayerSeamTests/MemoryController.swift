import PlayerSeam

/// The in-memory implementation's SSAI controller: the rules of docs/player.md, written again
/// from the reference (not shared with AdPlayer), so the conformance tests check both.
final class MemoryController: AdIntegrationController {
  let integration: String
  let serial = Serial.next()
  private(set) var adBreaks: [MemoryAdBreak] = []
  private(set) var currentAds: [MemoryAd] = []
  private(set) weak var player: MemoryPlayer?
  private var created = 0

  init(integration: String, player: MemoryPlayer) {
    self.integration = integration
    self.player = player
  }

  var ads: [MemoryAd] { adBreaks.flatMap(\.ads) }

  func createAdBreak(_ init: AdBreakInit) throws(AdControllerError) -> MemoryAdBreak {
    guard let offset = `init`.timeOffset else {
      throw AdControllerError("createAdBreak", "timeOffset is required")
    }
    try atLeast("createAdBreak", "timeOffset", offset, 0)
    if let value = `init`.maxDuration { try atLeast("createAdBreak", "maxDuration", value, 0) }
    guard !adBreaks.contains(where: { $0.timeOffset == offset }) else {
      throw AdControllerError("createAdBreak", "a break at timeOffset \(offset) already exists")
    }
    let adBreak = MemoryAdBreak(integration: integration, owner: serial, timeOffset: offset)
    adBreak.maxDuration = `init`.maxDuration
    adBreak.customData = `init`.customData
    adBreaks.append(adBreak)
    player?.emit(.addadbreak, adBreak: adBreak)
    return adBreak
  }

  func createAd(_ init: AdInit, adBreak: (any IntegrationAdBreak)?) throws(AdControllerError) -> MemoryAd {
    guard let type = `init`.type else {
      throw AdControllerError("createAd", "type is required (linear or nonlinear)")
    }
    try validate("createAd", `init`)
    let target: MemoryAdBreak
    if let adBreak {
      target = try live(adBreak, "createAd")
    } else {
      guard let offset = `init`.timeOffset else {
        throw AdControllerError("createAd", "timeOffset is required when no break is given")
      }
      if let existing = adBreaks.first(where: { $0.timeOffset == offset }) {
        target = existing
      } else {
        target = try createAdBreak(AdBreakInit(timeOffset: offset))
      }
    }
    created += 1
    let ad = MemoryAd(id: "\(integration)-ad-\(created)", type: type, integration: integration)
    ad.apply(`init`)
    ad.adBreak = target
    target.ads.append(ad)
    player?.emit(.addad, ad: ad, adBreak: target)
    return ad
  }

  func updateAd(_ ad: any IntegrationAd, _ init: AdInit) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "updateAd")
    try validate("updateAd", `init`)
    if let offset = `init`.timeOffset, offset != adBreak.timeOffset {
      throw AdControllerError("updateAd", "an ad cannot move to another break (timeOffset \(offset))")
    }
    ad.apply(`init`)
    player?.emit(.updatead, ad: ad, adBreak: adBreak)
  }

  func updateAdBreak(_ adBreak: any IntegrationAdBreak, _ init: AdBreakInit) throws(AdControllerError) {
    let adBreak = try live(adBreak, "updateAdBreak")
    if let offset = `init`.timeOffset {
      try atLeast("updateAdBreak", "timeOffset", offset, 0)
      guard !adBreaks.contains(where: { $0 !== adBreak && $0.timeOffset == offset }) else {
        throw AdControllerError("updateAdBreak", "a break at timeOffset \(offset) already exists")
      }
      adBreak.timeOffset = offset
    }
    if let value = `init`.maxDuration {
      try atLeast("updateAdBreak", "maxDuration", value, 0)
      adBreak.maxDuration = value
    }
    if let value = `init`.customData { adBreak.customData = value }
    player?.emit(.updateadbreak, adBreak: adBreak)
  }

  func beginAd(_ ad: any IntegrationAd) throws(AdControllerError) { try beginAd(ad, at: 0) }

  func beginAd(_ ad: any IntegrationAd, at offset: Double) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "beginAd")
    guard ad.state != .playing else {
      throw AdControllerError("beginAd", "ad \"\(ad.id)\" is already playing")
    }
    guard offset.isFinite, offset >= 0, offset <= ad.duration ?? .infinity else {
      throw AdControllerError("beginAd", "at must be from 0 to the ad's duration, got \(offset)")
    }
    for other in adBreaks
    where other !== adBreak && other.isPlaying && !other.ads.contains(where: \.isPlaying) {
      other.isPlaying = false
      player?.emit(.adbreakend, adBreak: other)
    }
    ad.state = .playing
    ad.progress = ad.duration.map { $0 > 0 ? offset / $0 : 0 } ?? 0
    ad.quartilesFired = [0.25, 0.5, 0.75].filter { $0 < ad.progress }.count
    currentAds.append(ad)
    if !adBreak.isPlaying {
      adBreak.isPlaying = true
      player?.emit(.adbreakbegin, adBreak: adBreak)
    }
    player?.emit(.adbegin, ad: ad, adBreak: adBreak)
  }

  func updateAdProgress(_ ad: any IntegrationAd, _ progress: Double) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "updateAdProgress")
    guard ad.state == .playing else {
      throw AdControllerError("updateAdProgress", "ad \"\(ad.id)\" has not begun")
    }
    guard progress.isFinite, (0...1).contains(progress) else {
      throw AdControllerError("updateAdProgress", "progress must be a number from 0 to 1, got \(progress)")
    }
    ad.progress = progress
    let quartiles: [(Double, EventType)] = [
      (0.25, .adfirstquartile), (0.5, .admidpoint), (0.75, .adthirdquartile),
    ]
    while ad.quartilesFired < quartiles.count, progress >= quartiles[ad.quartilesFired].0 {
      ad.quartilesFired += 1
      player?.emit(quartiles[ad.quartilesFired - 1].1, ad: ad, adBreak: adBreak)
    }
  }

  func endAd(_ ad: any IntegrationAd) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "endAd")
    finish(ad, adBreak, as: .ended)
  }

  func skipAd(_ ad: any IntegrationAd) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "skipAd")
    finish(ad, adBreak, as: .skipped)
  }

  func removeAd(_ ad: any IntegrationAd) throws(AdControllerError) {
    let (ad, adBreak) = try live(ad, "removeAd")
    remove(ad, from: adBreak)
    endBreakIfDone(adBreak)
  }

  func removeAdBreak(_ adBreak: any IntegrationAdBreak) throws(AdControllerError) {
    remove(try live(adBreak, "removeAdBreak"))
  }

  func removeAllAds() { for adBreak in adBreaks { remove(adBreak) } }

  func error(_ error: any Error) {
    player?.emit(.aderror, ad: currentAds.first, adBreak: currentAds.first?.adBreak, message: "\(error)")
  }

  func fatalError(_ error: any Error, code: Int?) { player?.fail("\(error)", code: code ?? 10000) }

  func dropCurrent(_ ad: MemoryAd) { currentAds.removeAll { $0 === ad } }
  func dropBreak(_ adBreak: MemoryAdBreak) { adBreaks.removeAll { $0 === adBreak } }
}
