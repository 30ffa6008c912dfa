import AdPlayer
import PlayerSeam

/// A player under test and the way to move its clock.
final class Subject {
  let player: any IntegrationPlayer
  let advance: (Double) -> Void
  /// Every event either dispatches (player and ad events), as `type` or `type:ad` or `type@offset`.
  private(set) var events: [String] = []

  init(player: any IntegrationPlayer, advance: @escaping (Double) -> Void) {
    self.player = player
    self.advance = advance
    for type in EventType.allCases {
      let record: (PlayerEvent) -> Void = { [weak self] event in self?.events.append(Self.describe(event)) }
      if type.isAdEvent {
        player.ads.addEventListener(type, record)
      } else {
        player.addEventListener(type, record)
      }
    }
  }

  static func describe(_ event: PlayerEvent) -> String {
    if let ad = event.ad { return "\(event.type.rawValue):\(ad.id)" }
    if let adBreak = event.adBreak { return "\(event.type.rawValue)@\(adBreak.timeOffset)" }
    return event.type.rawValue
  }

  /// The events recorded since the last call.
  func takeEvents() -> [String] {
    defer { events = [] }
    return events
  }

  /// Registers an integration and returns its controller.
  func register(_ id: String, _ handler: ServerSideAdIntegrationHandler = ServerSideAdIntegrationHandler())
    throws
    -> any AdIntegrationController
  {
    try player.ads.registerServerSideIntegration(id) { _ in handler }
  }
}

/// The implementations of the seam the conformance tests run against.
struct Implementation: CustomStringConvertible, Sendable {
  let description: String
  let make: @Sendable (_ duration: Double) -> Subject

  /// AdPlayer's headless player.
  static let headless = Implementation(description: "headless") { duration in
    let player = Player(defaultTimeline: .vod(duration))
    return Subject(player: player) { _ = player.run(until: $0) }
  }

  /// The tests' in-memory player.
  static let memory = Implementation(description: "in-memory") { duration in
    let player = MemoryPlayer(duration: duration)
    return Subject(player: player) { player.loop.run(until: $0) }
  }

  static let all = [headless, memory]
}
