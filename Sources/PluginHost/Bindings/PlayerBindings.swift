import LuaKit
import PlaybackEngine
import PlayerSeam

/// The player as one plugin sees it: the same player, with the listeners this plugin added kept
/// so that `destroy` can remove them.
final class PlayerView {
  let player: any IntegrationPlayer
  unowned let plugin: Plugin
  let ads: AdsView
  /// Listeners by event type and Lua function, for `removeEventListener`.
  let listeners = PluginListeners()

  init(player: any IntegrationPlayer, plugin: Plugin) {
    self.player = player
    self.plugin = plugin
    ads = AdsView()
    ads.view = self
  }
}

/// `player.ads` as one plugin sees it.
final class AdsView {
  weak var view: PlayerView?
}

extension PluginHost {
  func playerType() -> LuaObjectType<PlayerView> {
    let type = LuaObjectType<PlayerView>("Player")
    type.receiverName = "player"
    type.property(
      "currentTime", get: { .number($0.player.currentTime) },
      set: { view, value in
        guard let seconds = value.numberValue, seconds.isFinite else {
          throw ArgumentError(
            "player.currentTime must be a finite number of seconds, got \(value.shownInErrors)")
        }
        view.player.seek(to: seconds)
      })
    type.property("duration") { view in
      guard view.player.source != nil else { return .number(.nan) }
      return .number(view.player.timeline.duration ?? .infinity)
    }
    type.property("paused") { .boolean($0.player.paused) }
    type.property("ended") { .boolean($0.player.ended) }
    type.property("source") { view in LuaValue(json: view.player.source?.json) }
    type.property("ads") { .object($0.ads) }
    type.property("cues") { view in .array(view.player.cues.map(Self.cueTable)) }
    type.property("playlist") { [weak self] _ in self?.playlistTable() ?? .nil }
    type.property("mpd") { [weak self] _ in self?.mpdTable() ?? .nil }
    type.method("play") { view, _ in
      view.player.play()
      return 0
    }
    type.method("pause") { view, _ in
      view.player.pause()
      return 0
    }
    type.method("addEventListener") { [weak self] view, call in
      try self?.addListener(view, call, onAds: false)
      return 0
    }
    type.method("removeEventListener") { view, call in
      Self.removeListener(view, call)
      return 0
    }
    type.method("skipInterstitial") { [weak self] _, call in
      let refusal: String? =
        if let interstitials = self?.engine.interstitials { interstitials.skip() } else {
          "the host plays no interstitials"
        }
      guard let refusal else { return call.return(.boolean(true)) }
      return call.return(.boolean(false), .string(refusal))
    }
    type.description { "Player(\(AdBindings.seconds($0.player.currentTime))s)" }
    return type
  }

  func adsType() -> LuaObjectType<AdsView> {
    let type = LuaObjectType<AdsView>("Ads")
    type.receiverName = "player.ads"
    type.method("registerServerSideIntegration") { [weak self] ads, call in
      guard let self, let view = ads.view else { return 0 }
      guard let id = call.string(2) else {
        throw ArgumentError(
          "registerServerSideIntegration: the integration id must be a string, got \(call.typeName(2))")
      }
      guard let factory = call.function(3) else {
        throw ArgumentError(
          "registerServerSideIntegration: the factory must be a function, got \(call.typeName(3))")
      }
      try self.register(id, factory: factory, plugin: view.plugin)
      return 0
    }
    type.method("addEventListener") { [weak self] ads, call in
      guard let view = ads.view else { return 0 }
      try self?.addListener(view, call, onAds: true)
      return 0
    }
    type.method("removeEventListener") { ads, call in
      if let view = ads.view { Self.removeListener(view, call) }
      return 0
    }
    type.property("scheduledAdBreaks") { ads in
      .array(
        (ads.view?.player.ads.adBreaks ?? []).filter { !$0.isRemoved }.sorted {
          $0.timeOffset < $1.timeOffset
        }
        .map { .object($0) })
    }
    type.property("scheduledAds") { ads in
      .array((ads.view?.player.ads.scheduledAds ?? []).map { .object($0) })
    }
    type.property("currentAds") { ads in .array((ads.view?.player.ads.currentAds ?? []).map { .object($0) }) }
    type.property("currentAdBreak") { ads in ads.view?.player.ads.currentAdBreak.map { .object($0) } ?? .nil }
    type.property("playing") { .boolean($0.view?.player.ads.playing ?? false) }
    return type
  }

  /// What a listener counts against its plugin's memory budget: the host's record of it (the
  /// plugin's entry and index, the player's listener and its closure), about 500 bytes measured,
  /// counted generously, so that listeners cannot grow the host past the budget.
  static let listenerRecordBytes = 1024

  private func addListener(_ view: PlayerView, _ call: LuaCall, onAds: Bool) throws {
    let owner = onAds ? "player.ads" : "player"
    guard let name = call.string(2) else {
      throw ArgumentError(
        "\(owner):addEventListener: the event type must be a string, got \(call.typeName(2))")
    }
    guard let type = EventType(rawValue: name) else {
      throw ArgumentError("\(owner):addEventListener: unknown event type \"\(name)\"")
    }
    guard type.isAdEvent == onAds else {
      let other = onAds ? "player" : "player.ads"
      throw ArgumentError("\(owner):addEventListener: \"\(name)\" is an event of \(other)")
    }
    guard let function = call.function(3) else {
      throw ArgumentError(
        "\(owner):addEventListener: the listener must be a function, got \(call.typeName(3))")
    }
    try lua.holdHostMemory(
      Self.listenerRecordBytes,
      for: "\(owner):addEventListener (each listener counts \(Self.listenerRecordBytes) bytes)")
    let plugin = view.plugin
    let listener: (PlayerEvent) -> Void = { [weak self, weak plugin] event in
      guard let self, let plugin else { return }
      self.runDetached(function, [Self.eventTable(event)], plugin: plugin, what: "\(name) listener")
    }
    let token =
      onAds ? view.player.ads.addEventListener(type, listener) : view.player.addEventListener(type, listener)
    view.listeners.add(PluginListeners.Entry(type: type, function: function, token: token, onAds: onAds))
  }

  private static func removeListener(_ view: PlayerView, _ call: LuaCall) {
    guard let name = call.string(2), let type = EventType(rawValue: name), let function = call.function(3)
    else { return }
    guard let listener = view.listeners.remove(type, function) else { return }
    view.plugin.releaseHostMemory(listenerRecordBytes)
    if listener.onAds {
      view.player.ads.removeEventListener(listener.token)
    } else {
      view.player.removeEventListener(listener.token)
    }
  }

  /// Removes every listener a plugin added (on `destroy`).
  func removeListeners(of view: PlayerView) {
    let listeners = view.listeners.removeAll()
    view.plugin.releaseHostMemory(listeners.count * Self.listenerRecordBytes)
    for listener in listeners {
      if listener.onAds {
        view.player.ads.removeEventListener(listener.token)
      } else {
        view.player.removeEventListener(listener.token)
      }
    }
  }

  /// An event as the table listeners get: its fields in a list, in the order they are set (a
  /// `detail` member named like an earlier field replaces it), with no dictionary to hash them
  /// into on the way to Lua — one is made per listener per event.
  static func eventTable(_ event: PlayerEvent) -> LuaValue {
    var fields: [LuaTableEntry] = []
    fields.reserveCapacity(6 + (event.detail?.members.count ?? 0))
    func set(_ key: String, _ value: LuaValue) {
      fields.append(LuaTableEntry(key: .string(key), value: value))
    }
    set("type", .string(event.type.rawValue))
    set("date", .number(event.time))
    if let ad = event.ad { set("ad", .object(ad)) }
    if let adBreak = event.adBreak ?? event.ad?.adBreak { set("adBreak", .object(adBreak)) }
    if let currentTime = event.currentTime { set("currentTime", .number(currentTime)) }
    if let played = event.playedPercentage { set("playedPercentage", .number(played)) }
    if let cue = event.cue { set("cue", cueTable(cue)) }
    for member in event.detail ?? JSONObject() { set(member.key, LuaValue(json: member.value)) }
    if let message = event.errorMessage {
      set("error", .string(message))
      var object: [String: LuaValue] = ["message": .string(message)]
      if let code = event.errorCode { object["code"] = .integer(Int64(code)) }
      set("errorObject", .dictionary(object))
    }
    return .table(fields)
  }
}
