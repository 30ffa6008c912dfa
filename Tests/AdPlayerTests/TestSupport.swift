import AdPlayer
import AdsCore
import Foundation
import PlayerSeam

/// A player with one registered integration whose handler the test shapes.
final class Fixture {
  let player: Player
  var handler: ServerSideAdIntegrationHandler
  private(set) var controller: ServerSideAdIntegrationController?
  let integrationId: String

  init(
    integrationId: String = "test", timeline: ContentTimeline = .vod(120),
    handler: ServerSideAdIntegrationHandler = ServerSideAdIntegrationHandler()
  ) throws {
    self.integrationId = integrationId
    self.handler = handler
    player = Player(defaultTimeline: timeline)
    let captured = handler
    controller = try player.ads.registerServerSideIntegration(integrationId) { _ in captured }
  }

  /// The controller; tests fail rather than crash if registration went wrong.
  func ctl() throws -> ServerSideAdIntegrationController {
    guard let controller else { throw IntegrationError("no controller") }
    return controller
  }

  /// A source naming this fixture's integration in the Web form.
  var source: SourceDescription {
    SourceDescription(sources: [
      TypedSource(src: "https://example.com/a.m3u8", ssai: SSAIConfiguration(integration: integrationId))
    ])
  }

  /// The log's entry types (the kinds' names), in order.
  var types: [String] { player.log.entries.map(\.kind.rawValue) }

  /// Ad and break events as `type` or `type:adId`, in order.
  var adEvents: [String] {
    player.log.entries.compactMap { entry in
      guard let type = EventType(rawValue: entry.kind.rawValue), type.isAdEvent else { return nil }
      return entry.adId.map { "\(entry.kind):\($0)" } ?? entry.kind.rawValue
    }
  }
}

/// Plays ads stitched into the content: ad slots laid end to end from each break's offset,
/// begun, progressed and ended from the content position (on `playing` and `timeupdate`), as an
/// SSAI integration reading a playlist would. Skipping marks the ad skipped and seeks past it.
final class StitchedIntegration {
  struct Slot {
    let ad: Ad
    let start: Double
    let end: Double
  }

  struct PlannedBreak {
    let offset: Double
    let ads: [(id: String, duration: Double)]
  }

  let plan: [PlannedBreak]
  let skipOffset: Double
  let implementsSkip: Bool
  private(set) var controller: ServerSideAdIntegrationController?
  private(set) var slots: [Slot] = []
  private weak var player: Player?

  init(plan: [PlannedBreak], skipOffset: Double = 5, implementsSkip: Bool = true) {
    self.plan = plan
    self.skipOffset = skipOffset
    self.implementsSkip = implementsSkip
  }

  func register(on player: Player, id: String = "stitched") throws {
    self.player = player
    try player.ads.registerServerSideIntegration(id) { controller in
      self.controller = controller
      return ServerSideAdIntegrationHandler(
        setSource: { [weak self] _, completion in
          do {
            try self?.schedule()
            completion(.success(.handled))
          } catch {
            completion(.failure(error))
          }
        },
        skipAd: implementsSkip
          ? { [weak self] ad in try self?.skip(ad) } : nil)
    }
    player.addEventListener(.playing) { [weak self] event in self?.update(event.currentTime ?? 0) }
    player.addEventListener(.timeupdate) { [weak self] event in self?.update(event.currentTime ?? 0) }
  }

  private func schedule() throws {
    guard let controller else { return }
    for planned in plan {
      let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: planned.offset))
      var start = planned.offset
      for entry in planned.ads {
        let ad = try controller.createAd(
          AdInit(type: .linear, id: entry.id, duration: entry.duration, skipOffset: skipOffset),
          adBreak: adBreak)
        slots.append(Slot(ad: ad, start: start, end: start + entry.duration))
        start += entry.duration
      }
    }
  }

  private func skip(_ ad: any IntegrationAd) throws {
    guard let controller, let slot = slots.first(where: { $0.ad === ad }) else { return }
    try controller.skipAd(ad)
    player?.currentTime = slot.end
  }

  private func update(_ position: Double) {
    guard let controller else { return }
    let current = slots.first { position >= $0.start && position < $0.end }
    for ad in controller.currentAds where ad !== current?.ad {
      guard let slot = slots.first(where: { $0.ad === ad }) else { continue }
      if position >= slot.end { try? controller.updateAdProgress(ad, 1) }
      try? controller.endAd(ad)
    }
    guard let current, current.ad.state == .scheduled || current.ad.isPlaying else { return }
    if !current.ad.isPlaying { try? controller.beginAd(current.ad) }
    try? controller.updateAdProgress(current.ad, (position - current.start) / (current.end - current.start))
  }
}
