import AdPlayer
import PlayerSeam
import RealMedia

/// A player under test, the way to move its clock, and the URLs of its content.
final class Subject {
  let player: any IntegrationPlayer
  /// Plays on to the clock's `seconds` (or the end), then waits as `settle` does.
  let advance: (Double) -> Void
  /// Waits until the player's engine has answered what the player asked of it (a seek's
  /// `seeked`): nothing to wait for on a player whose events all come at once.
  let settle: () -> Void
  /// The `src` of a source named `name`: the name itself, or a URL of real content the engine
  /// plays.
  let src: (_ name: String) -> String
  /// The events the player fires as its content's data arrives (`waiting`, where a real engine
  /// loads over the network while it starts): none on a player without a network.
  var dataEvents: Set<String> = []
  /// Every event either dispatches (player and ad events), as `type` or `type:ad` or `type@offset`.
  private(set) var events: [String] = []

  init(
    player: any IntegrationPlayer, src: @escaping (String) -> String = { $0 },
    settle: @escaping () -> Void = {}, advance: @escaping (Double) -> Void
  ) {
    self.player = player
    self.src = src
    self.settle = settle
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

  /// The events recorded since the last call, without `timeupdate` (it comes at the clock's
  /// pace) nor `dataEvents`.
  func takePlaybackEvents() -> [String] {
    takeEvents().filter { $0 != "timeupdate" && !dataEvents.contains($0) }
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
  let make: @Sendable (_ duration: Double) throws -> Subject

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

  /// Every implementation that can run here: the GStreamer player where its engine can
  /// (`RealClip.skipReason`; `EngineConformanceTests` says why not).
  static let all = [headless, memory] + (RealClip.skipReason == nil ? [engine] : [])
}
