import CheckedNumbers
import LuaKit
import PlaybackEngine
import PlayerSeam

extension PluginHost {
  /// `ServerSideAdIntegrationController` as userdata: THEOplayer's methods, called with a colon.
  /// (Generic over the player, whose concrete ad, break and controller classes Lua tells apart.)
  func controllerType<P: IntegrationPlayer>(for player: P) -> LuaObjectType<P.Controller> {
    let type = LuaObjectType<P.Controller>("ServerSideAdIntegrationController")
    type.receiverName = "controller"
    type.property("integration") { .string($0.integration) }
    type.property("ads") { controller in .array(controller.ads.map { .object($0) }) }
    type.property("adBreaks") { controller in .array(controller.adBreaks.map { .object($0) }) }

    type.method("createAdBreak") { controller, call in
      let reader = try InitReader(try call.value(2), method: "createAdBreak")
      return call.return(.object(try controller.createAdBreak(try reader.adBreakInit(requireOffset: true))))
    }
    type.method("createAd") { [weak self] controller, call in
      guard let self else { return 0 }
      let reader = try InitReader(try call.value(2), method: "createAd")
      let adInit = try reader.adInit(requireType: true)
      let vastAd = try self.vastAd(in: reader)
      let signaling = try Self.creativeSignaling(in: reader)
      let adBreak = try Self.optionalObject(call, 3, P.AdBreak.self, "createAd", "adBreak")
      let ad = try self.engine.createTrackedAd(
        adInit, vast: vastAd, signaling: signaling, in: adBreak, controller: controller, method: "createAd")
      return call.return(.object(ad))
    }
    type.method("declareTracking") { [weak self] _, call in
      let vocabulary: TrackingVocabulary
      do {
        let json = try LuaJSON.json(try call.value(2), path: "vocabulary")
        vocabulary = try TrackingVocabulary(json: json, path: "vocabulary", firstIndex: 1)
      } catch {
        throw ArgumentError("declareTracking: \(error)")
      }
      self?.engine.declareTracking(vocabulary)
      return 0
    }
    type.method("updateAd") { controller, call in
      let ad = try Self.object(call, 2, P.Ad.self, "updateAd", "ad")
      let reader = try InitReader(try call.value(3), method: "updateAd")
      try controller.updateAd(ad, try reader.adInit(requireType: false))
      return 0
    }
    type.method("updateAdBreak") { controller, call in
      let adBreak = try Self.object(call, 2, P.AdBreak.self, "updateAdBreak", "adBreak")
      let reader = try InitReader(try call.value(3), method: "updateAdBreak")
      try controller.updateAdBreak(adBreak, try reader.adBreakInit(requireOffset: false))
      return 0
    }
    type.method("updateAdProgress") { [weak self] controller, call in
      let ad = try Self.object(call, 2, P.Ad.self, "updateAdProgress", "ad")
      guard let progress = call.number(3) else {
        throw ArgumentError(
          "updateAdProgress: progress must be a number from 0 to 1, got \(call.typeName(3))")
      }
      try controller.updateAdProgress(ad, progress)
      self?.engine.trackProgress(ad, progress)
      return 0
    }
    type.method("beginAd") { controller, call in
      let ad = try Self.object(call, 2, P.Ad.self, "beginAd", "ad")
      if let offset = try Self.joinOffset(call, 3) {
        try controller.beginAd(ad, at: offset)
      } else {
        try controller.beginAd(ad)
      }
      return 0
    }
    Self.adMethod(type, P.Ad.self, "endAd") { try $0.endAd($1) }
    Self.adMethod(type, P.Ad.self, "skipAd") { try $0.skipAd($1) }
    Self.adMethod(type, P.Ad.self, "removeAd") { try $0.removeAd($1) }
    type.method("removeAdBreak") { controller, call in
      try controller.removeAdBreak(try Self.object(call, 2, P.AdBreak.self, "removeAdBreak", "adBreak"))
      return 0
    }
    type.method("removeAllAds") { controller, _ in
      controller.removeAllAds()
      return 0
    }
    type.method("error") { [weak self] controller, call in
      self?.engine.trackError(controller, code: try Self.errorCode(call, 2))
      controller.error(IntegrationError(Self.message(call, 2)))
      return 0
    }
    type.method("fatalError") { controller, call in
      let code = try Self.fatalErrorCode(call, 3)
      controller.fatalError(IntegrationError(Self.message(call, 2)), code: code)
      return 0
    }
    type.description { "ServerSideAdIntegrationController(\"\($0.integration)\")" }
    return type
  }

  private static func adMethod<Controller: AdIntegrationController, Ad: IntegrationAd>(
    _ type: LuaObjectType<Controller>, _ adType: Ad.Type, _ name: String,
    _ body: @escaping (Controller, Ad) throws -> Void
  ) {
    type.method(name) { controller, call in
      try body(controller, try object(call, 2, adType, name, "ad"))
      return 0
    }
  }

  /// The argument at `index` as an object of `Kind`, or an error naming the method and argument.
  static func object<Kind: AnyObject>(
    _ call: LuaCall, _ index: Int, _ kind: Kind.Type, _ method: String, _ name: String
  ) throws(ArgumentError) -> Kind {
    guard let object = call.object(index, as: kind) else {
      // Named as Lua knows them, whatever the player's classes are called.
      let expected = kind is any IntegrationAdBreak.Type ? "AdBreak" : "Ad"
      // Ad and AdBreak: both take "an".
      throw ArgumentError("\(method): \(name) must be an \(expected), got \(call.typeDescription(index))")
    }
    return object
  }

  static func optionalObject<Kind: AnyObject>(
    _ call: LuaCall, _ index: Int, _ kind: Kind.Type, _ method: String, _ name: String
  ) throws(ArgumentError) -> Kind? {
    guard index <= call.count, call.typeName(index) != "nil" else { return nil }
    return try object(call, index, kind, method, name)
  }

  /// `beginAd`'s options, adhost's extension of THEOplayer's `beginAd(ad)`: `{at = seconds}`
  /// begins the ad that far into it (a late join); nil when absent.
  static func joinOffset(_ call: LuaCall, _ index: Int) throws -> Double? {
    switch try call.value(index) {
    case .nil: return nil
    case .dictionary(let fields):
      if let unknown = fields.keys.sorted().first(where: { $0 != "at" }) {
        throw ArgumentError("beginAd: unknown option \"\(unknown)\" (expected at)")
      }
      guard let at = fields["at"], !at.isNil else { return nil }
      guard let seconds = at.numberValue else {
        throw ArgumentError("beginAd: options.at must be a number of seconds, got \(at.typeName)")
      }
      return seconds
    case let other:
      throw ArgumentError("beginAd: options must be a table ({at = seconds}), got \(other.typeName)")
    }
  }

  /// The IAB code of an error argument given as a table with `code` (a `vast` error),
  /// or a message that starts with one (`"403: no media"`).
  static func errorCode(_ call: LuaCall, _ index: Int) throws -> Int? {
    if let text = call.string(index) {
      let digits = text.prefix(while: \.isNumber)
      guard digits.count == 3, text.dropFirst(3).first == ":" else { return nil }
      return Int(digits)
    }
    guard call.typeName(index) == "table" else { return nil }
    return try call.value(index)["code"].integerValue.map { Int(clamping: $0) }
  }

  /// `fatalError`'s code: absent, or a whole number from 0 to 2^31 − 1 (else an error saying so,
  /// not a silent 10000).
  static func fatalErrorCode(_ call: LuaCall, _ index: Int) throws -> Int? {
    guard index <= call.count else { return nil }
    let value = try call.value(index)
    if value.isNil { return nil }
    guard let number = value.numberValue, let code = Int.checked(number, in: 0...2_147_483_647) else {
      throw ArgumentError(
        "fatalError: the code must be a whole number from 0 to 2147483647, got \(value.shownInErrors)")
    }
    return code
  }

  /// An error message argument: a string, a number or boolean as text, or the type of anything else.
  static func message(_ call: LuaCall, _ index: Int) -> String {
    if let text = call.string(index) { return text }
    if let value = try? call.value(index) {
      if value.numberValue != nil { return value.shownInErrors }
      if let flag = value.boolValue { return String(flag) }
    }
    if let value = try? call.value(index), case .dictionary(let fields) = value,
      let text = fields["message"]?.stringValue
    {
      return text
    }
    return call.typeName(index)
  }
}
