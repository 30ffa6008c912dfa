import LuaKit
import PlaybackEngine
import PlayerSeam

/// A plugin's client-side engine (`clientside.engine(controller, narrate)`): the plugin makes
/// its breaks and ads (its own VAST requests, its own controller) and hands each break to the
/// engine, which plays it by the rules of `ClientSideEngine`, the same as the host's `csai` ads.
/// What happens is told to the plugin's `narrate(kind, …)` function, which logs it and reports
/// failures in its own words.
final class PluginClientSide: ClientSideEngineDelegate {
  let engine: ClientSideEngine
  /// Lua's detached runner (`PluginHost.runDetached` for the plugin, holding neither), which
  /// runs the narrator and the plugin's other callbacks: `(function, arguments, what)`.
  let runDetached: (LuaFunction, [LuaValue], String) -> Void
  let narrator: LuaFunction

  init(
    services: ClientSideServices, controller: any AdIntegrationController, narrator: LuaFunction,
    runDetached: @escaping (LuaFunction, [LuaValue], String) -> Void
  ) {
    self.runDetached = runDetached
    self.narrator = narrator
    engine = ClientSideEngine(services: services, controller: controller)
    engine.delegate = self
  }

  var isHolding: Bool { false }

  func prepare(_ group: [ClientSideBreak], run: ClientSideRun, at offset: Double) {
    engine.start(run, group.map { ClientSideSegment($0, $0.currentAds) })
  }

  func fireTracking(_ clientBreak: ClientSideBreak, event: String) {}

  func narrate(_ narration: ClientSideNarration) {
    switch narration {
    case .jumpedOver(let offset): tell("jumpedOver", [.number(offset)])
    case .noAdsLeft(let offset): tell("noAdsLeft", [.number(offset)])
    case .breakBegins(let offset, let contentTime, let count):
      tell("breakBegins", [.number(offset), .number(contentTime), .integer(Int64(clamping: count))])
    case .adBegins(let index, let total, let ad):
      tell("adBegins", [.integer(Int64(clamping: index)), .integer(Int64(clamping: total)), .object(ad)])
    case .adEnds(let ad): tell("adEnds", [.object(ad)])
    case .adSkipped(let ad, let after): tell("adSkipped", [.object(ad), .number(after)])
    case .breakEnds(let offset, let resumesAt):
      tell("breakEnds", [.number(offset), resumesAt.map { .number($0) } ?? .nil])
    case .pausedAgain: tell("pausedAgain", [])
    case .skipRefused(let ad, let reason):
      let subject: LuaValue = ad.map { .object($0) } ?? .nil
      switch reason {
      case .notPlaying: tell("skipRefused", [.string("notPlaying"), subject])
      case .notSkippable: tell("skipRefused", [.string("notSkippable"), subject])
      case .tooEarly(let skipOffset, let played):
        tell("skipRefused", [.string("tooEarly"), subject, .number(skipOffset), .number(played)])
      }
    case .callFailed(let call, let ad, let message):
      tell("callFailed", [.string(call.rawValue), .object(ad), .string(message)])
    }
  }

  private func tell(_ kind: String, _ arguments: [LuaValue]) {
    runDetached(narrator, [.string(kind)] + arguments, "clientside narrate(\"\(kind)\")")
  }
}

extension PluginHost {
  /// The host object at `index`, whatever the player implementing the seam.
  static func anyObject(_ call: LuaCall, _ index: Int) -> AnyObject? {
    guard index <= call.count, case .object(let object) = try? call.value(index) else { return nil }
    return object
  }

  /// The argument at `index` as a host object of the seam's `Kind`, or an error naming the
  /// method and argument.
  static func hostObject<Kind>(
    _ call: LuaCall, _ index: Int, _ method: String, _ name: String, _ expected: String
  ) throws -> Kind {
    guard let object = anyObject(call, index) as? Kind else {
      throw ArgumentError("\(method): \(name) must be \(expected), got \(call.typeDescription(index))")
    }
    return object
  }

  /// `ClientSideEngine` as userdata: the methods a plugin's client-side session calls.
  func clientSideType() -> LuaObjectType<PluginClientSide> {
    let type = LuaObjectType<PluginClientSide>("ClientSideEngine")
    type.receiverName = "engine"
    type.method("addBreak") { session, call in
      let adBreak: any IntegrationAdBreak = try Self.hostObject(call, 2, "addBreak", "adBreak", "an AdBreak")
      guard let offset = call.number(3), offset.isFinite else {
        throw ArgumentError("addBreak: offset must be a finite number of seconds, got \(call.typeName(3))")
      }
      if let shared = session.engine.adBreak(at: offset) {
        // More ads in the break there: it is due as before (the timer is set again).
        guard shared === adBreak else {
          throw ArgumentError("addBreak: the engine has another ad break at \(offset) s; add the ads to it")
        }
        session.engine.armNextBreak()
        return 0
      }
      _ = session.engine.adBreak(at: offset) { adBreak }
      let clientBreak = ClientSideBreak(placement: .at(offset), label: "break at \(offset) s")
      clientBreak.adBreak = adBreak
      session.engine.add(clientBreak)
      return 0
    }
    type.method("adBreakAt") { session, call in
      guard let offset = call.number(2) else {
        throw ArgumentError("adBreakAt: offset must be a number of seconds, got \(call.typeName(2))")
      }
      return call.return(session.engine.adBreak(at: offset).map { .object($0) } ?? .nil)
    }
    type.method("whenDurationKnown") { session, call in
      guard let place = call.function(2) else {
        throw ArgumentError("whenDurationKnown: place must be a function, got \(call.typeName(2))")
      }
      session.engine.whenDurationKnown { [weak session] duration in
        session?.runDetached(place, [.number(duration)], "clientside whenDurationKnown callback")
      }
      return 0
    }
    type.method("placeWaiting") { session, _ in
      session.engine.placeWaiting()
      return 0
    }
    type.method("attach") { session, _ in
      session.engine.attach()
      return 0
    }
    type.method("skip") { session, call in
      let ad = Self.anyObject(call, 2) as? any IntegrationAd
      return call.return(.boolean(session.engine.skip(ad)))
    }
    type.method("close") { session, _ in
      session.engine.close()
      return 0
    }
    type.property("isEmpty") { .boolean($0.engine.isEmpty) }
    type.property("isPlaying") { .boolean($0.engine.playing != nil) }
    return type
  }

  /// `clientside.engine(controller, narrate)`: a client-side engine for the plugin's breaks.
  func clientSideModule(for plugin: Plugin) -> [String: LuaValue] {
    module([
      "engine": { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        let controller: any AdIntegrationController = try Self.hostObject(
          call, 1, "clientside.engine", "controller", "a ServerSideAdIntegrationController")
        guard let narrator = call.function(2) else {
          throw ArgumentError("clientside.engine: narrate must be a function, got \(call.typeName(2))")
        }
        let session = PluginClientSide(
          services: self.engine.clientSideServices, controller: controller, narrator: narrator
        ) { [weak self, weak plugin] function, arguments, what in
          guard let self, let plugin else { return }
          self.runDetached(function, arguments, plugin: plugin, what: what)
        }
        return call.return(.object(session))
      }
    ])
  }
}
