import PlayerSeam

/// `player.ads` of the in-memory implementation.
final class MemoryAds: IntegrationAds {
  struct Integration {
    let id: String
    let controller: MemoryController
    let handler: ServerSideAdIntegrationHandler
  }

  private(set) var integrations: [Integration] = []
  let listeners = MemoryListeners()
  private var removalObservers: [(any IntegrationAd) -> Void] = []
  private weak var player: MemoryPlayer?

  init(player: MemoryPlayer) { self.player = player }

  @discardableResult
  func registerServerSideIntegration(
    _ id: String, _ factory: (any AdIntegrationController) throws -> ServerSideAdIntegrationHandler
  ) throws -> MemoryController {
    guard !id.isEmpty else {
      throw AdControllerError("registerServerSideIntegration", "the integration id is empty")
    }
    guard !integrations.contains(where: { $0.id == id }) else {
      throw AdControllerError(
        "registerServerSideIntegration", "an integration \"\(id)\" is already registered")
    }
    guard let player else { throw AdControllerError("registerServerSideIntegration", "the player is gone") }
    let controller = MemoryController(integration: id, player: player)
    integrations.append(Integration(id: id, controller: controller, handler: try factory(controller)))
    return controller
  }

  var integrationIds: [String] { integrations.map(\.id) }
  func controller(for id: String) -> MemoryController? { integration(id)?.controller }
  func integration(_ id: String) -> Integration? { integrations.first { $0.id == id } }

  func observeRemovals(_ observer: @escaping (any IntegrationAd) -> Void) {
    removalObservers.append(observer)
  }
  func adRemoved(_ ad: MemoryAd) { for observer in removalObservers { observer(ad) } }

  var scheduledAds: [MemoryAd] {
    integrations.flatMap { $0.controller.ads.filter { $0.state == .scheduled } }
  }
  var currentAds: [MemoryAd] { integrations.flatMap(\.controller.currentAds) }
  var currentAdBreak: MemoryAdBreak? { adBreaks.first(where: \.isPlaying) }
  var playing: Bool { !currentAds.isEmpty }
  var adBreaks: [MemoryAdBreak] { integrations.flatMap(\.controller.adBreaks) }

  @discardableResult
  func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken {
    listeners.add(type, listener)
  }

  @discardableResult
  func removeEventListener(_ token: ListenerToken) -> Bool { listeners.remove(token) }
}

/// Listeners by event type; one removed while an event is dispatched hears no later event.
final class MemoryListeners {
  private var byType: [EventType: [(id: Int, listener: (PlayerEvent) -> Void)]] = [:]
  private var nextId = 0

  func add(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken {
    nextId += 1
    byType[type, default: []].append((nextId, listener))
    return ListenerToken(type: type, id: nextId)
  }

  func remove(_ token: ListenerToken) -> Bool {
    guard let index = byType[token.type]?.firstIndex(where: { $0.id == token.id }) else { return false }
    byType[token.type]?.remove(at: index)
    return true
  }

  func dispatch(_ event: PlayerEvent) {
    for entry in byType[event.type] ?? []
    where byType[event.type]?.contains(where: { $0.id == entry.id }) == true {
      entry.listener(event)
    }
  }
}
