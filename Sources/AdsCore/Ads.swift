import PlayerSeam

/// What `player.skipAd()`/the `skip` action did.
public enum SkipResult: Equatable, Sendable {
  /// The integration (or the default `controller.skipAd`) was asked to skip this ad.
  case requested(adId: String)
  /// No ad is playing.
  case noAdPlaying
  /// The playing ad has `skipOffset` -1.
  case notSkippable(adId: String)
  /// The playing ad has not reached its `skipOffset`.
  case notYetSkippable(adId: String)
  /// The integration's `skipAd` threw; an `aderror` was fired.
  case failed(adId: String, message: String)

  /// A word for the log: `requested`, `no ad playing`, …
  public var summary: String {
    switch self {
    case .requested: return "requested"
    case .noAdPlaying: return "no ad playing"
    case .notSkippable: return "not skippable"
    case .notYetSkippable: return "not yet skippable"
    case .failed(_, let message): return "failed: \(message)"
    }
  }
}

/// `player.ads`: the server-side integration registry, the ad lists and the ad event listeners.
/// Host thread only.
public final class Ads {
  package struct Integration {
    package let id: String
    package let controller: ServerSideAdIntegrationController
    package let handler: ServerSideAdIntegrationHandler
  }

  package let link = AdsLink()
  package var player: (any AdsOwner)? { link.player }
  package private(set) var integrations: [Integration] = []
  package let listeners = EventListeners()
  private var removalObservers: [(Ad) -> Void] = []

  package init() {}

  /// Registers an integration: the factory gets a controller for `id` at once and returns the
  /// handler. Throws if `id` is empty or already registered.
  @discardableResult
  public func registerServerSideIntegration(
    _ id: String, _ factory: (ServerSideAdIntegrationController) throws -> ServerSideAdIntegrationHandler
  ) throws -> ServerSideAdIntegrationController {
    let method = "registerServerSideIntegration"
    guard !id.isEmpty else { throw AdControllerError(method, "the integration id is empty") }
    guard !integrations.contains(where: { $0.id == id }) else {
      throw AdControllerError(method, "an integration \"\(id)\" is already registered")
    }
    guard player != nil else { throw AdControllerError(method, "the player is gone") }
    let controller = ServerSideAdIntegrationController(integration: id, link: link)
    let handler = try factory(controller)
    integrations.append(Integration(id: id, controller: controller, handler: handler))
    return controller
  }

  /// The ids of the registered integrations, in registration order.
  public var integrationIds: [String] { integrations.map(\.id) }

  /// The controller of a registered integration.
  public func controller(for id: String) -> ServerSideAdIntegrationController? {
    integrations.first { $0.id == id }?.controller
  }

  package func integration(_ id: String) -> Integration? { integrations.first { $0.id == id } }

  /// Calls `observer` with each ad a controller removes (`removeAd`, `removeAdBreak`,
  /// `removeAllAds`), once it is removed: for hosts that keep tables about ads, to let them go.
  public func observeRemovals(_ observer: @escaping (Ad) -> Void) { removalObservers.append(observer) }

  package func adRemoved(_ ad: Ad) { for observer in removalObservers { observer(ad) } }

  /// Ads created and not yet begun (or begun again later), across integrations.
  public var scheduledAds: [Ad] {
    integrations.flatMap { $0.controller.ads.filter { $0.state == .scheduled } }
  }

  /// Ads playing now, across integrations.
  public var currentAds: [Ad] { integrations.flatMap(\.controller.currentAds) }

  /// The playing break, if any.
  public var currentAdBreak: AdBreak? {
    for integration in integrations {
      if let adBreak = integration.controller.adBreaks.first(where: \.isPlaying) { return adBreak }
    }
    return nil
  }

  /// Whether an ad is playing.
  public var playing: Bool { integrations.contains { !$0.controller.currentAds.isEmpty } }

  /// Every break across integrations.
  public var adBreaks: [AdBreak] { integrations.flatMap(\.controller.adBreaks) }

  /// Listens to an ad event (`addad`, `adbegin`, …); player events never reach these listeners.
  @discardableResult
  public func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void)
    -> ListenerToken
  {
    listeners.add(type, listener)
  }

  /// Removes a listener; returns whether it was registered.
  @discardableResult
  public func removeEventListener(_ token: ListenerToken) -> Bool { listeners.remove(token) }

  /// Asks the playing ad's integration to skip it: its `skipAd`, or `controller.skipAd` when it
  /// has none. Refused for an ad with `skipOffset` -1 or one that has not played `skipOffset`
  /// seconds (by its reported progress; an ad of unknown duration may always be skipped).
  @discardableResult
  public func skip() -> SkipResult {
    let ad: Ad
    switch skipCandidate() {
    case .success(let playing): ad = playing
    case .failure(let refusal): return refusal.result
    }
    guard let integration = integration(ad.integration) else { return .noAdPlaying }
    guard let skipAd = integration.handler.skipAd else {
      try? integration.controller.skipAd(ad)
      return .requested(adId: ad.id)
    }
    do {
      try skipAd(ad)
      return .requested(adId: ad.id)
    } catch {
      integration.controller.error(error)
      return .failed(adId: ad.id, message: "\(error)")
    }
  }

  package struct SkipRefusal: Error {
    package let result: SkipResult
    /// For an ad not yet skippable: the seconds it still has to play before it is.
    package var secondsLeft: Double?
  }

  /// The ad `skip()` would skip, or why there is none.
  package func skipCandidate() -> Result<Ad, SkipRefusal> {
    guard let ad = currentAds.first(where: { $0.type == .linear }) ?? currentAds.first else {
      return .failure(SkipRefusal(result: .noAdPlaying))
    }
    guard ad.skipOffset >= 0 else { return .failure(SkipRefusal(result: .notSkippable(adId: ad.id))) }
    if let duration = ad.duration, ad.progress * duration < ad.skipOffset {
      // To the microsecond, as the clock counts (3, not 3.0000000000000004).
      let left = ((ad.skipOffset - ad.progress * duration) * 1e6).rounded() / 1e6
      return .failure(SkipRefusal(result: .notYetSkippable(adId: ad.id), secondsLeft: left))
    }
    return .success(ad)
  }
}
