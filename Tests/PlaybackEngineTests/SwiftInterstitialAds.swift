import AdPlayer
import AdsCore
import Foundation
import OutsideText
import PlaybackEngine
import PlayerSeam
import VASTKit

/// An app's own integration, in Swift, for the engine's HLS interstitials: what
/// plugins/interstitials.lua does in Lua, cut to what the test needs. Each interstitial is an
/// ad break, each asset of its list an ad (a VAST ad tracked natively when the list entry
/// carries `X-VAST-URI`; its SVTA creative signaling tracked too), which begins, reports its progress every 0.25 s and ends with the
/// asset; the break goes when the interstitial ends.
final class SwiftInterstitialAds {
  static let tick = 0.25
  let engine: PlaybackEngine
  let controller: ServerSideAdIntegrationController
  private var adBreak: (any IntegrationAdBreak)?
  private var ads: [Int: any IntegrationAd] = [:]
  private var ticker: (any ScheduledTimer)?
  /// What went wrong (a controller call refused, a VAST tag that did not resolve).
  private(set) var problems: [String] = []

  init(engine: PlaybackEngine, player: Player) throws {
    self.engine = engine
    controller = try player.ads.registerServerSideIntegration("swift-interstitials") { _ in
      ServerSideAdIntegrationHandler()
    }
    player.addEventListener(.interstitialstart) { [weak self] event in self?.started(event) }
    player.addEventListener(.assetlistloaded) { [weak self] event in self?.listLoaded(event) }
    player.addEventListener(.interstitialassetstart) { [weak self] event in self?.assetStarted(event) }
    player.addEventListener(.interstitialassetend) { [weak self] event in self?.assetEnded(event) }
    player.addEventListener(.interstitialend) { [weak self] _ in self?.ended() }
  }

  private func started(_ event: PlayerEvent) {
    attempt { adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: event.time)) }
  }

  /// Each asset becomes an ad; one with a VAST tag waits for it (the clock waits too).
  private func listLoaded(_ event: PlayerEvent) {
    for asset in event.detail?["assets"]?.arrayValue ?? [] {
      guard let index = asset["index"]?.numberValue.flatMap({ Int(exactly: $0) }) else { continue }
      let duration = asset["duration"]?.numberValue
      let signaling = asset["creativeSignaling"].flatMap {
        try? CreativeSignaling($0, path: "creativeSignaling")
      }
      guard let tag = asset["members"]?["X-VAST-URI"]?.stringValue, let url = URL(string: tag) else {
        create(index, AdInit(type: .linear, duration: duration), box: nil, signaling: signaling)
        continue
      }
      let resolver = VASTResolver(client: engine.http, macroContext: engine.macroContext())
      engine.loop.startWork("VAST \(tag)") { done in
        resolver.resolve(url: url, completion: done)
      } completion: { result in
        guard case .success(let resolution) = result, let resolved = resolution.ads.first else {
          return self.problems.append("VAST \(tag): \(result)")
        }
        let box = VASTAdBox(ad: resolved.ad, chain: resolved.chain)
        self.create(index, AdInit(type: .linear, duration: duration), box: box, signaling: signaling)
      }
    }
  }

  /// The ad, filled from its VAST and its SVTA creative signaling and tracked natively.
  private func create(_ index: Int, _ adInit: AdInit, box: VASTAdBox?, signaling: CreativeSignaling?) {
    attempt {
      ads[index] = try engine.createTrackedAd(
        adInit, vast: box, signaling: signaling, in: adBreak, controller: controller, method: "createAd")
    }
  }

  private func assetStarted(_ event: PlayerEvent) {
    guard let index = event.detail?["asset"]?["index"]?.numberValue.flatMap({ Int(exactly: $0) }),
      let ad = ads[index], let duration = ad.duration
    else { return problems.append("an asset started without its ad") }
    attempt { try controller.beginAd(ad) }
    var played = 0.0
    ticker = engine.loop.every(Self.tick) { [weak self] in
      played += Self.tick
      if played < duration { self?.progress(ad, played / duration) }
    }
  }

  private func assetEnded(_ event: PlayerEvent) {
    ticker?.cancel()
    ticker = nil
    guard let index = event.detail?["asset"]?["index"]?.numberValue.flatMap({ Int(exactly: $0) }),
      let ad = ads[index]
    else { return }
    progress(ad, 1)
    attempt { try controller.endAd(ad) }
  }

  private func ended() {
    guard let adBreak else { return }
    attempt { try controller.removeAdBreak(adBreak) }
    self.adBreak = nil
  }

  /// `updateAdProgress`, then the engine's native tracking of it (as the Lua bridge does).
  private func progress(_ ad: any IntegrationAd, _ fraction: Double) {
    attempt { try controller.updateAdProgress(ad, fraction) }
    engine.trackProgress(ad, fraction)
  }

  private func attempt(_ body: () throws -> Void) {
    do { try body() } catch { problems.append("\(error)") }
  }
}
