import Foundation
import PlayerSeam
import VASTKit

/// Plays the ads of `SourceDescription.ads` (VAST tags at time offsets, or VMAP schedules) the
/// way THEOplayer and the IMA SDK play client-side ads: the documents load with the source, and
/// when the content reaches a break it pauses, the break's ads play on the clock with native
/// tracking, and the content resumes. Breaks due at one offset play in order in one ad break.
/// Seeking over breaks plays the last offset passed. Registered as integration `csai`.
final class ClientSideAds {
  static let integration = "csai"
  /// How often a playing ad reports its progress (the player's `timeupdate` rate).
  static let tick = 0.25

  unowned let host: PluginHost
  private(set) var controller: (any AdIntegrationController)?
  var breaks: [ClientSideBreak] = []
  /// The player ad break at each offset, so that breaks at one offset share it.
  var adBreaks: [Double: any IntegrationAdBreak] = [:]
  var playing: ClientSideRun?
  var generation = 0
  /// Documents still loading that may hold a pre-roll (a VAST tag at the start, a VMAP
  /// schedule): the content does not start before they have loaded (or failed: each load is
  /// bounded by its timeout and budget), as THEOplayer and the IMA SDK hold it.
  var pendingPreRolls = 0
  /// Whether the content was held back for a pre-roll, to be started once none is pending.
  var heldForPreRoll = false

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
    // start while a pre-roll may still be loading.
    host.player.addEventListener(.play) { [weak self] _ in
      guard let self, self.playing != nil || self.pendingPreRolls > 0 else { return }
      if self.playing == nil { self.heldForPreRoll = true }
      self.host.player.pause()
    }
    host.player.addEventListener(.ended) { [weak self] _ in self?.playPostRoll() }
  }

  /// The content seconds of a break now, nil for a post-roll or a cue not (yet) there.
  func offset(of clientBreak: ClientSideBreak) -> Double? {
    switch clientBreak.placement {
    case .at(let seconds): return seconds
    case .end: return nil
    case .position(let n):
      let starts = Set(host.player.cues.map(\.startTime)).sorted()
      return n <= starts.count ? starts[n - 1] : nil
    }
  }

  /// Starts the breaks the content has reached, if any. After a seek forward several offsets
  /// may be due: the last one plays, and the others, jumped over, never do (a repeating break
  /// moves on to its next occurrence).
  func check() {
    guard playing == nil, pendingPreRolls == 0, !host.player.paused else { return }
    let position = host.player.currentTime
    let due = breaks.filter { clientBreak in
      guard clientBreak.isReady, let offset = offset(of: clientBreak) else { return false }
      return offset <= position
    }
    guard let last = due.compactMap({ offset(of: $0) }).max() else { return }
    let group = due.filter { offset(of: $0) == last }
    for passed in due { passed.markPlayed(at: max(position, last)) }
    play(group, at: last, resumeAfter: true)
  }

  /// Once no pre-roll is loading, starts what the content was held for: the breaks at 0 that
  /// have ads, else the content.
  func preRollResolved() {
    pendingPreRolls -= 1
    guard pendingPreRolls == 0, heldForPreRoll, playing == nil else { return check() }
    heldForPreRoll = false
    let group = breaks.filter { $0.isReady && offset(of: $0) == 0 }
    guard !group.isEmpty else { return host.player.play() }
    for preRoll in group { preRoll.markPlayed(at: 0) }
    play(group, at: 0, resumeAfter: true)
  }

  private func playPostRoll() {
    let group = breaks.filter { $0.placement == .end && $0.isReady }
    guard playing == nil, !group.isEmpty else { return }
    for postRoll in group { postRoll.played = true }
    play(group, at: host.player.timeline.duration ?? host.player.currentTime, resumeAfter: false)
  }

  /// Plays breaks due at `offset`: the content pauses, VMAP sources load, then every ad plays.
  private func play(_ group: [ClientSideBreak], at offset: Double, resumeAfter: Bool) {
    if !host.player.paused { host.player.pause() }
    let run = ClientSideRun(resumeContent: resumeAfter)
    playing = run
    let vmapBreaks = group.filter { $0.vmap != nil }
    guard !vmapBreaks.isEmpty else {
      run.segments = group.map { ClientSideSegment($0, $0.ads) }
      run.loading = false
      return playNextAd()
    }
    loadSources(vmapBreaks, of: run, group: group, at: offset)
  }

  /// The VMAP sources of a run's breaks loaded: every break's ads join it, in order, and play.
  func sourcesLoaded(
    _ outcomes: [Result<[VASTResolvedAd], VMAPError>], run: ClientSideRun, group: [ClientSideBreak],
    at offset: Double
  ) {
    guard playing === run else { return }
    var loaded = outcomes.makeIterator()
    for clientBreak in group {
      let ads =
        clientBreak.vmap == nil ? clientBreak.ads : createAds(loaded.next(), for: clientBreak, at: offset)
      run.segments.append(ClientSideSegment(clientBreak, ads))
    }
    run.loading = false
    playNextAd()
  }

  /// The player's ad break at `offset`, created the first time.
  func adBreak(at offset: Double) throws -> any IntegrationAdBreak {
    if let existing = adBreaks[offset] { return existing }
    guard let controller else { throw IntegrationError("the client-side ads are not registered") }
    let created = try controller.createAdBreak(AdBreakInit(timeOffset: offset))
    adBreaks[offset] = created
    return created
  }

  func playNextAd() {
    guard let controller, let run = playing, !run.loading else { return }
    while let segment = run.segments.first, segment.ads.isEmpty {
      run.segments.removeFirst()
    }
    guard let segment = run.segments.first else {
      closeSegment(run)
      playing = nil
      if run.resumeContent { host.player.play() }
      return
    }
    if run.open !== segment.clientBreak {
      closeSegment(run)
      run.open = segment.clientBreak
      fireTracking(segment.clientBreak, event: "breakStart")
    }
    let ad = segment.ads.removeFirst()
    guard let duration = ad.duration, duration > 0 else {
      controller.error(IntegrationError("ad \(ad.id): VAST error 101: the ad has no duration"))
      return playNextAd()
    }
    let current = PlayingClientSideAd(ad: ad, duration: duration)
    run.current = current
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

  /// Ends the open segment: its VMAP `breakEnd`.
  private func closeSegment(_ run: ClientSideRun) {
    guard let open = run.open else { return }
    run.open = nil
    fireTracking(open, event: "breakEnd")
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
  private func skip(_ ad: any IntegrationAd) {
    guard let controller, let current = playing?.current, current.ad === ad else { return }
    current.ticker?.cancel()
    report { try controller.skipAd(ad) }
    playNextAd()
  }

  /// Runs a controller call; a failure (an ad removed meanwhile, say) is an `aderror`, and the
  /// break goes on.
  func report(_ call: () throws -> Void) {
    do {
      try call()
    } catch {
      controller?.error(IntegrationError("\(error)"))
    }
  }

  private func reset() {
    generation += 1
    playing?.current?.ticker?.cancel()
    playing = nil
    pendingPreRolls = 0
    heldForPreRoll = false
    breaks.removeAll()
    adBreaks.removeAll()
    controller?.removeAllAds()
  }
}
