import Foundation
import HTTPKit
import PlayerSeam
import VASTKit

extension ClientSideAds {
  /// Schedules the breaks of a VMAP document in document order. A break that cannot play (its
  /// own parse error, an offset the content cannot place) reports its error now (the `error`
  /// tracking with `[ERRORCODE]` and an `aderror`); the others play when the content reaches
  /// them, their sources loaded then.
  func schedule(vmap result: Result<VMAPDocument, VMAPError>, url: URL) {
    let document: VMAPDocument
    switch result {
    case .failure(let error):
      return controller?.error(IntegrationError("ad \(url.absoluteString): \(error)")) ?? ()
    case .success(let value): document = value
    }
    let duration = playback.player.timeline.duration
    for adBreak in document.adBreaks {
      let label = Self.label(adBreak)
      if let error = adBreak.error {
        failBreak(adBreak, label: label, error)
        continue
      }
      guard adBreak.adSource != nil, let offset = adBreak.timeOffset else { continue }
      let placement: ClientSideBreak.Placement
      switch offset {
      case .start: placement = .at(0)
      case .end: placement = .end
      case .seconds(let seconds): placement = .at(seconds)
      case .position(let n): placement = .position(n)
      case .percent(let percent):
        guard let duration else {
          controller?.error(
            IntegrationError("\(label): a percentage needs a content duration (the content is live)"))
          continue
        }
        placement = .at(duration * percent / 100)
      }
      engine?.add(ClientSideBreak(placement: placement, label: label, vmap: adBreak, documentURL: url))
    }
  }

  /// `VMAP break "mid" (line 12) at 50%`.
  static func label(_ adBreak: VMAPAdBreak) -> String {
    let id = adBreak.breakId.map { " \"\($0)\"" } ?? ""
    let offset = adBreak.timeOffset.map { " at \($0.description)" } ?? ""
    return "VMAP break\(id) (line \(adBreak.line))\(offset)"
  }

  /// Loads the sources of the due VMAP breaks of `group` concurrently (the clock waits); their
  /// outcomes go to `sourcesLoaded` in the breaks' order, on the host thread, unless the source
  /// changed meanwhile.
  func prepare(_ group: [ClientSideBreak], run: ClientSideRun, at offset: Double) {
    let vmapBreaks = group.filter { $0.vmap != nil }
    let queue = BeaconQueue()
    let loader = VMAPSourceLoader(
      resolver: VASTResolver(
        client: playback.http, options: VASTResolverOptions(media: PlaybackEngine.clientSideMedia),
        beacons: playback.beaconSender(queue: queue), macroContext: playback.macroContext()))
    let work = vmapBreaks.compactMap { clientBreak in clientBreak.vmap.map { ($0, clientBreak.documentURL) } }
    let label = "VMAP sources of \(vmapBreaks.map(\.label).joined(separator: ", "))"
    let generation = self.generation
    // No closure of the engine's is carried: only values, and a method is called on arrival.
    playback.loop.startWork(label) { done in
      loader.plan(work, completion: done)
    } completion: { [weak self] outcomes in
      // Gone with an engine dropped meanwhile: nothing is logged or played.
      guard let ads = self else { return }
      ads.playback.logBeacons(queue.drain(), adId: nil)
      guard ads.generation == generation else { return }
      ads.sourcesLoaded(outcomes, run: run, group: group, at: offset)
    }
  }

  /// The VMAP sources of a run's breaks loaded: every break's ads join it, in order, and play.
  func sourcesLoaded(
    _ outcomes: [Result<VASTResolution, VMAPError>], run: ClientSideRun, group: [ClientSideBreak],
    at offset: Double
  ) {
    guard let engine, engine.playing === run else { return }
    var loaded = outcomes.makeIterator()
    let segments = group.map { clientBreak in
      let ads =
        clientBreak.vmap == nil ? clientBreak.ads : createAds(loaded.next(), for: clientBreak, at: offset)
      return ClientSideSegment(clientBreak, ads)
    }
    engine.start(run, segments)
  }

  /// The ads of a loaded VMAP break, or none after reporting its failure.
  func createAds(
    _ outcome: Result<VASTResolution, VMAPError>?, for clientBreak: ClientSideBreak, at offset: Double
  ) -> [any IntegrationAd] {
    guard let vmap = clientBreak.vmap, let outcome else { return [] }
    switch outcome {
    case .failure(let error):
      failBreak(vmap, label: clientBreak.label, error)
      return []
    case .success(let plan):
      report(plan.unplayable, label: clientBreak.label)
      return plan.ads.isEmpty ? [] : createAds(plan.ads, label: clientBreak.label, at: offset)
    }
  }

  /// Reports a break that cannot play: its `error` tracking with the VMAP code, and an `aderror`.
  func failBreak(_ adBreak: VMAPAdBreak, label: String, _ error: VMAPError) {
    sendTracking(adBreak, event: "error", errorCode: error.code.rawValue)
    controller?.error(IntegrationError("\(label): \(error)"))
  }

  /// Sends a VMAP break's tracking of `event` (`breakStart`, `breakEnd`).
  func fireTracking(_ clientBreak: ClientSideBreak, event: String) {
    guard let vmap = clientBreak.vmap else { return }
    sendTracking(vmap, event: event, errorCode: nil)
  }

  private func sendTracking(_ adBreak: VMAPAdBreak, event: String, errorCode: Int?) {
    let urls = adBreak.trackingURLs(event)
    guard !urls.isEmpty else { return }
    let sender = playback.beaconSender()
    var filled = playback.macroContext()()
    filled.errorCode = errorCode
    let context = filled
    playback.settleBeacons(adId: nil, label: "VMAP \(event) beacons") {
      await sender.send(event: event, urls: urls, context: context)
    }
  }
}
