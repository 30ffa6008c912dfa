/// `player.ads`: the registry of server-side ad integrations and the ad events.
public protocol IntegrationAds: AnyObject {
  /// The controller type of this player.
  associatedtype Controller: AdIntegrationController
  /// The ad type of this player.
  associatedtype Ad: IntegrationAd
  /// The break type of this player.
  associatedtype AdBreak: IntegrationAdBreak

  /// Registers an integration: the factory gets a controller for `id` at once and returns the
  /// handler. Throws if `id` is empty or already registered.
  @discardableResult
  func registerServerSideIntegration(
    _ id: String, _ factory: (any AdIntegrationController) throws -> ServerSideAdIntegrationHandler
  ) throws -> Controller
  /// The ids of the registered integrations, in registration order.
  var integrationIds: [String] { get }
  /// The controller of a registered integration.
  func controller(for id: String) -> Controller?
  /// Calls `observer` with each ad a controller removes, once it is removed.
  func observeRemovals(_ observer: @escaping (any IntegrationAd) -> Void)
  /// Ads created and not yet begun, across integrations.
  var scheduledAds: [Ad] { get }
  /// Ads playing now, across integrations.
  var currentAds: [Ad] { get }
  /// The playing break, if any.
  var currentAdBreak: AdBreak? { get }
  /// Whether an ad is playing.
  var playing: Bool { get }
  /// Every break across integrations.
  var adBreaks: [AdBreak] { get }
  /// Listens to an ad event (`addad`, `adbegin`, …).
  @discardableResult
  func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken
  /// Removes a listener; returns whether it was registered.
  @discardableResult
  func removeEventListener(_ token: ListenerToken) -> Bool
}
