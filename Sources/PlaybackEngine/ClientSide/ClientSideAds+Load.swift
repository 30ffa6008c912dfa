import Foundation
import HTTPKit
import PlayerSeam
import VASTKit

extension ClientSideAds {
  /// Loads the documents of the new source's client-side ads; the clock waits for them. A
  /// description of `type` `vmap` is a VMAP schedule, `vast` a VAST tag; without a type the
  /// document's root element says which (as THEOplayer guesses it after the request).
  func load() {
    guard let source = playback.player.source else { return }
    let descriptions = source.ads.filter { ($0.integration ?? Self.integration) == Self.integration }
    let generation = self.generation
    for description in descriptions {
      guard let tag = description.sources else { continue }
      guard let url = URL(string: tag), url.scheme != nil else {
        controller?.error(IntegrationError("ad \(tag): not a URL"))
        continue
      }
      let type = description.type?.lowercased()
      if let type, type != "vast", type != "vmap" {
        controller?.error(
          IntegrationError("ad \(tag): type \"\(type)\" is not played (expected vast or vmap)"))
        continue
      }
      let offset = description.timeOffset ?? .start
      let mayHoldPreRoll =
        type != "vast" || offset.seconds(contentDuration: playback.player.timeline.duration) == 0
      if mayHoldPreRoll { pendingPreRolls += 1 }
      fetch(url, type: type, offset: offset, holding: mayHoldPreRoll, generation: generation)
    }
  }

  /// A description's document arrived: its breaks join the schedule.
  private func loaded(_ document: AdDocument, url: URL, offset: AdTimeOffset, holding: Bool) {
    switch document {
    case .vast(let result): schedule(tag: url.absoluteString, offset: offset, result)
    case .vmap(let result): schedule(vmap: result, url: url)
    }
    if holding { preRollResolved() } else { engine?.check() }
  }

  /// Fetches and reads one document on another thread; it is `loaded` on the host thread (not
  /// after a new source).
  private func fetch(_ url: URL, type: String?, offset: AdTimeOffset, holding: Bool, generation: Int) {
    let queue = BeaconQueue()
    let reader = AdDocumentReader(
      resolver: VASTResolver(
        client: playback.http, options: VASTResolverOptions(media: PlaybackEngine.clientSideMedia),
        beacons: playback.beaconSender(queue: queue), macroContext: playback.macroContext()),
      loader: VMAPLoader(client: playback.http))
    let label = "\(type == "vmap" ? "VMAP" : "VAST") \(url.absoluteString)"
    playback.loop.startWork(label) { done in
      reader.read(url, type: type, completion: done)
    } completion: { [weak self] document in
      // Gone with an engine dropped meanwhile: nothing is logged or scheduled.
      guard let ads = self else { return }
      ads.playback.logBeacons(queue.drain(), adId: nil)
      guard ads.generation == generation else { return }
      ads.loaded(document, url: url, offset: offset, holding: holding)
    }
  }

  /// Creates the break and the ads of a VAST tag's plan (or reports why there are none); each
  /// ad of it that cannot play (101, 403: its Error URLs were fired) is a non-fatal `aderror`.
  private func schedule(tag: String, offset: AdTimeOffset, _ result: Result<VASTResolution, VASTError>) {
    guard let controller else { return }
    let resolved: [VASTResolvedAd]
    switch result {
    case .failure(let error):
      return controller.error(IntegrationError("ad \(tag): \(error)"))
    case .success(let resolution):
      report(resolution.unplayable, label: "ad \(tag)")
      resolved = resolution.ads
    }
    guard !resolved.isEmpty else { return }
    let clientBreak: ClientSideBreak
    if case .end = offset {
      clientBreak = ClientSideBreak(placement: .end, label: "ad \(tag)")
    } else if let seconds = offset.seconds(contentDuration: playback.player.timeline.duration) {
      clientBreak = ClientSideBreak(placement: .at(seconds), label: "ad \(tag)")
    } else {
      return controller.error(
        IntegrationError("ad \(tag): offset \(offset.json.jsonText) needs a content duration"))
    }
    let at = offset == .end ? (playback.player.timeline.duration ?? 0) : engine?.offset(of: clientBreak) ?? 0
    clientBreak.ads = createAds(resolved, label: clientBreak.label, at: at)
    if !clientBreak.ads.isEmpty { engine?.add(clientBreak) }
  }

  /// Reports each ad of a plan that cannot play (101, 403: its Error URLs were fired) as a
  /// non-fatal `aderror` naming the break, the ad and the code.
  func report(_ unplayable: [VASTAdFailure], label: String) {
    for problem in unplayable {
      let error = problem.error
      controller?.error(IntegrationError("\(label): \(error.message) (VAST error \(error.code.rawValue))"))
    }
  }

  /// Creates the ads of resolved VAST in the player's ad break at `offset`, tracked natively.
  func createAds(_ resolved: [VASTResolvedAd], label: String, at offset: Double) -> [any IntegrationAd] {
    guard let controller else { return [] }
    var ads: [any IntegrationAd] = []
    do {
      let adBreak = try adBreak(at: offset)
      for item in resolved {
        ads.append(
          try playback.createTrackedAd(
            AdInit(planned: item), vast: VASTAdBox(ad: item.ad, chain: item.chain), in: adBreak,
            controller: controller, method: "createAd"))
      }
    } catch {
      controller.error(IntegrationError("\(label): \(error)"))
    }
    return ads
  }
}
