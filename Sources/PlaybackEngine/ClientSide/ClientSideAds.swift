import Foundation
import PlayerSeam
import VASTKit

/// Plays the ads of `SourceDescription.ads` (VAST tags at time offsets, or VMAP schedules) the
/// way THEOplayer and the IMA SDK play client-side ads: the documents load with the source, and
/// their breaks play through the client-side engine (`ClientSideEngine`: the content pauses at a
/// break, its ads play on the clock with native tracking, the content resumes). This type only
/// loads: the documents, a VMAP break's sources when it is due, and holds the content for a
/// pre-roll. Registered as integration `csai`.
final class ClientSideAds: ClientSideEngineDelegate {
  static let integration = "csai"

  /// The engine these ads are part of (it holds them): its player, HTTP client, beacons and
  /// native tracking. Its client-side engine gets `clientSideServices` only.
  unowned let playback: PlaybackEngine
  private(set) var controller: (any AdIntegrationController)?
  private(set) var engine: ClientSideEngine?
  var generation = 0
  /// Documents still loading that may hold a pre-roll (a VAST tag at the start, a VMAP
  /// schedule): the content does not start before they have loaded (or failed: each load is
  /// bounded by its timeout and budget), as THEOplayer and the IMA SDK hold it.
  var pendingPreRolls = 0
  /// Whether the content was held back for a pre-roll, to be started once none is pending.
  var heldForPreRoll = false

  init(engine playback: PlaybackEngine) throws {
    self.playback = playback
    let controller = try playback.player.ads.registerServerSideIntegration(Self.integration) { _ in
      ServerSideAdIntegrationHandler(
        skipAd: { [weak self] ad in self?.engine?.skip(ad) },
        resetSource: { [weak self] completion in
          self?.reset()
          completion(.success(()))
        })
    }
    self.controller = controller
    playback.player.addEventListener(.sourcechange) { [weak self] _ in self?.load() }
    let engine = ClientSideEngine(services: playback.clientSideServices, controller: controller)
    engine.delegate = self
    engine.waitsForSeeked = false
    engine.attach()
    self.engine = engine
    // The content stays paused while a break plays, even if play is pressed, and does not
    // start while a pre-roll may still be loading.
    playback.player.addEventListener(.play) { [weak self] _ in
      guard let self, self.engine?.playing != nil || self.pendingPreRolls > 0 else { return }
      if self.engine?.playing == nil { self.heldForPreRoll = true }
      self.playback.player.pause()
    }
  }

  var breaks: [ClientSideBreak] { engine?.breaks ?? [] }

  var isHolding: Bool { pendingPreRolls > 0 }

  /// Once no pre-roll is loading, starts what the content was held for: the breaks at 0 that
  /// have ads, else the content.
  func preRollResolved() {
    pendingPreRolls -= 1
    guard let engine else { return }
    guard pendingPreRolls == 0, heldForPreRoll, engine.playing == nil else { return engine.check() }
    heldForPreRoll = false
    let group = breaks.filter { $0.isReady && engine.offset(of: $0) == 0 }
    guard !group.isEmpty else { return playback.player.play() }
    for preRoll in group { preRoll.markPlayed(at: 0) }
    engine.play(group, at: 0)
  }

  /// The player's ad break at `offset`, created the first time.
  func adBreak(at offset: Double) throws -> any IntegrationAdBreak {
    guard let engine, let controller else {
      throw IntegrationError("the client-side ads are not registered")
    }
    return try engine.adBreak(at: offset) { try controller.createAdBreak(AdBreakInit(timeOffset: offset)) }
  }

  func narrate(_ narration: ClientSideNarration) {
    // The engine's failing calls are aderrors; the rest goes without saying.
    if case .callFailed(_, _, let message) = narration { controller?.error(IntegrationError(message)) }
  }

  private func reset() {
    generation += 1
    pendingPreRolls = 0
    heldForPreRoll = false
    engine?.reset()
    controller?.removeAllAds()
  }
}
