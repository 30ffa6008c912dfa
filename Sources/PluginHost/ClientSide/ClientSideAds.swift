import AdPlayer
import Foundation
import VASTKit

/// Plays the ads of `SourceDescription.ads` (VAST tags at time offsets) the way THEOplayer and
/// the IMA SDK play client-side ads: the tags load with the source, and when the content reaches
/// a break it pauses, the break's ads play on the clock with native tracking, and the content
/// resumes. Seeking over breaks plays the last one passed. Registered as integration `csai`.
final class ClientSideAds {
  static let integration = "csai"
  /// How often a playing ad reports its progress (the player's `timeupdate` rate).
  static let tick = 0.25

  unowned let host: PluginHost
  private(set) var controller: ServerSideAdIntegrationController?
  private var breaks: [ClientSideBreak] = []
  private var playing: (adBreak: ClientSideBreak, queue: [Ad], current: PlayingClientSideAd?)?
  private var generation = 0
  /// Whether the content plays again after the break (not after a post-roll).
  private var resumeContent = true
  /// The pre-rolls whose VAST is still resolving: the content does not start before they have
  /// resolved (or failed: each resolution is bounded by the VAST client's timeout and budget).
  private var pendingPreRolls = 0
  /// Whether the content was held back for a pre-roll, to be started once none is pending.
  private var heldForPreRoll = false

  init(host: PluginHost) throws {
    self.host = host
    controller = try host.player.ads.registerServerSideIntegration(Self.integration) { _ in
      ServerSideAdIntegrationHandler(
        skipAd: { [weak self] ad in self?.skip(ad) },
        resetSource: { [weak self] completion in
          self?.reset()
          completion(.success(()))
        })
    }
    host.player.addEventListener(.sourcechange) { [weak self] _ in self?.load() }
    host.player.addEventListener(.playing) { [weak self] _ in self?.check() }
    host.player.addEventListener(.timeupdate) { [weak self] _ in self?.check() }
    host.player.addEventListener(.seeked) { [weak self] _ in self?.check() }
    // The content stays paused while a break plays, even if play is pressed, and does not
    // start while a pre-roll's VAST is resolving (as THEOplayer and the IMA SDK hold it).
    host.player.addEventListener(.play) { [weak self] _ in
      guard let self, self.playing != nil || self.pendingPreRolls > 0 else { return }
      if self.playing == nil { self.heldForPreRoll = true }
      self.host.player.pause()
    }
    host.player.addEventListener(.ended) { [weak self] _ in self?.playPostRoll() }
  }

  /// Resolves the tags of the new source's client-side ads; the clock waits for them.
  private func load() {
    reset()
    guard let source = host.player.source else { return }
    let descriptions = source.ads.filter { ($0.integration ?? Self.integration) == Self.integration }
    let duration = host.player.timeline.duration
    for description in descriptions {
      guard let tag = description.sources else { continue }
      let offset = description.timeOffset ?? .start
      if case .end = offset {
        breaks.append(ClientSideBreak(offset: nil, tag: tag))
      } else if let seconds = offset.seconds(contentDuration: duration) {
        breaks.append(ClientSideBreak(offset: seconds, tag: tag))
      } else {
        controller?.error(
          IntegrationError("ad \(tag): offset \(offset.json.jsonText) needs a content duration"))
      }
    }
    pendingPreRolls = breaks.filter { $0.offset == 0 }.count
    let generation = self.generation
    for adBreak in breaks { resolve(adBreak, generation: generation) }
  }

  private func resolve(_ clientBreak: ClientSideBreak, generation: Int) {
    guard let url = URL(string: clientBreak.tag), url.scheme != nil else {
      controller?.error(IntegrationError("ad \(clientBreak.tag): not a URL"))
      if clientBreak.offset == 0 { preRollResolved() }
      return
    }
    let queue = BeaconQueue()
    let resolver = VASTResolver(
      client: host.http, beacons: host.beaconSender(queue: queue), macroContext: host.macroContext())
    let token = host.loop.beginWork("VAST \(clientBreak.tag)")
    let carried = HostThreadOnly((self, clientBreak))
    let latency = host.virtualLatency()
    host.starting(latency) {
      resolver.resolve(url: url) { result in
        token.finish(afterVirtual: latency?.seconds ?? 0) {
          let (ads, clientBreak) = carried.value
          ads.host.logBeacons(queue.drain(), adId: nil)
          guard ads.generation == generation else { return }
          ads.schedule(clientBreak, result)
          if clientBreak.offset == 0 { ads.preRollResolved() }
        }
      }
    }
  }

  /// Creates the break and its ads from a resolution (or reports why there are none).
  private func schedule(_ clientBreak: ClientSideBreak, _ result: Result<VASTResolution, VASTError>) {
    guard let controller else { return }
    let resolved: [VASTResolvedAd]
    switch result {
    case .failure(let error):
      return controller.error(IntegrationError("ad \(clientBreak.tag): \(error)"))
    case .success(let resolution):
      resolved = resolution.ads
      if resolved.isEmpty {
        let error = resolution.failures.first?.error ?? VASTError(.noAdsAfterWrapper, "no ad")
        return controller.error(IntegrationError("ad \(clientBreak.tag): \(error)"))
      }
    }
    let offset = clientBreak.offset ?? host.player.timeline.duration ?? 0
    do {
      let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: offset))
      clientBreak.adBreak = adBreak
      for item in resolved {
        let box = VASTAdBox(ad: item.ad, chain: item.chain)
        var adInit = AdInit(type: .linear)
        try box.fill(&adInit, method: "createAd")
        let ad = try controller.createAd(adInit, adBreak: adBreak)
        host.track(ad, with: box)
        clientBreak.ads.append(ad)
      }
    } catch {
      controller.error(IntegrationError("ad \(clientBreak.tag): \(error)"))
    }
    check()
  }

  /// Once no pre-roll is resolving, starts what the content was held for: the pre-roll if it
  /// has ads, else the content.
  private func preRollResolved() {
    pendingPreRolls -= 1
    guard pendingPreRolls == 0, heldForPreRoll, playing == nil else { return }
    heldForPreRoll = false
    // As `check` does for the breaks a seek passed: of several pre-rolls, the last one plays.
    let due = breaks.filter { $0.offset == 0 && !$0.played && !$0.ads.isEmpty }
    if let preRoll = due.last {
      for passed in due { passed.played = true }
      play(preRoll, resumeAfter: true)
    } else {
      host.player.play()
    }
  }

  /// Starts the break the content has reached, if any. After a seek forward several may be due:
  /// the last one plays, and the others, jumped over, never do.
  private func check() {
    guard playing == nil, !host.player.paused else { return }
    let position = host.player.currentTime
    let due = breaks.filter { clientBreak in
      guard !clientBreak.played, !clientBreak.ads.isEmpty, let offset = clientBreak.offset else {
        return false
      }
      return offset <= position
    }
    guard let next = due.max(by: { ($0.offset ?? 0) < ($1.offset ?? 0) }) else { return }
    for passed in due { passed.played = true }
    play(next, resumeAfter: true)
  }

  private func playPostRoll() {
    guard playing == nil,
      let postRoll = breaks.first(where: { $0.offset == nil && !$0.played && !$0.ads.isEmpty })
    else { return }
    postRoll.played = true
    play(postRoll, resumeAfter: false)
  }

  private func play(_ clientBreak: ClientSideBreak, resumeAfter: Bool) {
    clientBreak.played = true
    if !host.player.paused { host.player.pause() }
    playing = (clientBreak, clientBreak.ads, nil)
    resumeContent = resumeAfter
    playNextAd()
  }

  private func playNextAd() {
    guard let controller, var state = playing else { return }
    guard !state.queue.isEmpty else {
      playing = nil
      if resumeContent { host.player.play() }
      return
    }
    let ad = state.queue.removeFirst()
    guard let duration = ad.duration, duration > 0 else {
      controller.error(IntegrationError("ad \(ad.id): VAST error 101: the ad has no duration"))
      playing = state
      return playNextAd()
    }
    let current = PlayingClientSideAd(ad: ad, duration: duration)
    state.current = current
    playing = state
    do {
      try controller.beginAd(ad)
    } catch {
      controller.error(IntegrationError("\(error)"))
      return playNextAd()
    }
    current.ticker = host.loop.every(Self.tick) { [weak self, weak current] in
      guard let self, let current else { return }
      self.advance(current)
    }
  }

  private func advance(_ current: PlayingClientSideAd) {
    guard let controller else { return }
    current.elapsed = min(current.duration, current.elapsed + Self.tick)
    let progress = current.elapsed / current.duration
    report { try controller.updateAdProgress(current.ad, progress) }
    host.trackProgress(current.ad, progress)
    guard current.elapsed >= current.duration else { return }
    current.ticker?.cancel()
    report { try controller.endAd(current.ad) }
    playNextAd()
  }

  /// The default skip: only past the ad's skip offset; ends the ad and plays the next.
  private func skip(_ ad: Ad) {
    guard let controller, let current = playing?.current, current.ad === ad else { return }
    current.ticker?.cancel()
    report { try controller.skipAd(ad) }
    playNextAd()
  }

  /// Runs a controller call; a failure (an ad removed meanwhile, say) is an `aderror`, and the
  /// break goes on.
  private func report(_ call: () throws -> Void) {
    do {
      try call()
    } catch {
      controller?.error(IntegrationError("\(error)"))
    }
  }

  private func reset() {
    generation += 1
    pendingPreRolls = 0
    heldForPreRoll = false
    playing?.current?.ticker?.cancel()
    playing = nil
    breaks.removeAll()
    controller?.removeAllAds()
  }
}
