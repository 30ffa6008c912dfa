import CheckedNumbers
import LuaKit
import PlayerSeam
import VASTKit

/// A VAST ad handed to plugins (from `vast.parse` or `vast.load`): readable fields, and the ad
/// itself for `controller:createAd{vast = ad}` and native tracking.
final class VASTAdBox {
  let ad: VASTAd
  /// The documents of its wrapper chain, outermost first.
  let chain: [String]
  /// The verification vendors the plugin rejected (`ad:rejectVerification(vendor)`).
  var rejectedVendors: Set<String> = []

  init(ad: VASTAd, chain: [String]) {
    self.ad = ad
    self.chain = chain
  }

  var linear: VASTLinear? { ad.linear }
  /// The linear creative's duration; for a non-linear ad, its `minSuggestedDuration`.
  var duration: Double? { linear.map(\.duration) ?? nonLinear?.minSuggestedDuration }
  /// The first `<NonLinear>` of an ad without a linear creative.
  var nonLinear: VASTNonLinear? {
    linear == nil ? ad.creatives.lazy.compactMap(\.nonLinearAds).flatMap(\.nonLinears).first : nil
  }

  /// The skip offset in seconds, -1 when not skippable.
  var skipOffset: Double {
    guard let offset = linear?.skipOffset, let seconds = offset.seconds(duration: duration) else { return -1 }
    return seconds
  }

  var creativeId: String? {
    ad.creatives.first { $0.linear != nil }.flatMap { $0.id ?? $0.adId }
  }

  /// The player sizes a media file is chosen for: whole pixels (fractions rounded), as many as a
  /// VAST size attribute holds.
  static let pixelRange = 0...2_147_483_647

  /// Fills what an `AdInit` leaves out from the VAST ad: id, duration, skip offset, click-through,
  /// the media file chosen for the init's size (640×360 when it gives none), creative id,
  /// companions. For a non-linear ad: `minSuggestedDuration`, its `NonLinearClickThrough`, and
  /// its first static or iframe resource and size.
  /// Throws, naming `method` and the field, when the init's width or height is no size in pixels.
  func fill(_ adInit: inout AdInit, method: String) throws(ArgumentError) {
    adInit.id = adInit.id ?? ad.id
    adInit.duration = adInit.duration ?? duration
    adInit.skipOffset = adInit.skipOffset ?? skipOffset
    adInit.clickThrough = adInit.clickThrough ?? linear?.videoClicks.clickThrough ?? nonLinear?.clickThrough
    adInit.creativeId = adInit.creativeId ?? creativeId
    adInit.adSystem = adInit.adSystem ?? ad.adSystem
    if adInit.resourceURI == nil {
      let request = VASTMediaRequest(
        width: try Self.pixels(adInit.width ?? 640, "width", method),
        height: try Self.pixels(adInit.height ?? 360, "height", method))
      if let file = try? linear?.selectMediaFile(request) {
        adInit.resourceURI = file.url
        adInit.width = adInit.width ?? file.width.map(Double.init)
        adInit.height = adInit.height ?? file.height.map(Double.init)
      } else if let nonLinear, let resource = nonLinear.resources.first(where: { $0.kind != .html }) {
        adInit.resourceURI = resource.value
        adInit.width = adInit.width ?? nonLinear.width.map(Double.init)
        adInit.height = adInit.height ?? nonLinear.height.map(Double.init)
      }
    }
    if adInit.companions == nil {
      let companions = ad.creatives.compactMap(\.companionAds).flatMap(\.companions)
      if !companions.isEmpty { adInit.companions = companions.map(Self.companionAd) }
    }
    if adInit.universalAdIds == nil {
      let ids = ad.creatives.flatMap(\.universalAdIds)
      if !ids.isEmpty {
        adInit.universalAdIds = ids.map {
          UniversalAdId(adIdRegistry: $0.idRegistry ?? "unknown", adIdValue: $0.value)
        }
      }
    }
  }

  /// THEOplayer's `CompanionAd` for a VAST companion.
  static func companionAd(_ companion: VASTCompanion) -> CompanionAd {
    CompanionAd(
      adSlotId: companion.adSlotId, altText: companion.altText, clickThrough: companion.clickThrough,
      resourceURI: companion.resourceURI, contentHTML: companion.contentHTML,
      width: companion.width.map(Double.init), height: companion.height.map(Double.init))
  }

  private static func pixels(_ value: Double, _ field: String, _ method: String) throws(ArgumentError) -> Int
  {
    do {
      return try Int(checking: value, rounding: .toNearestOrAwayFromZero, in: pixelRange)
    } catch {
      throw ArgumentError(
        "\(method): init.\(field) must be a number of pixels from 0 to \(pixelRange.upperBound) for a VAST ad, "
          + "got \(error.got)")
    }
  }

  /// Every tracking event of the linear creative, wrapper ones first: `{event=, url=, offset=}`
  /// with `offset` in seconds for `progress`.
  var tracking: LuaValue {
    .array(
      (linear?.trackingEvents ?? []).map { event in
        var fields: [String: LuaValue] = ["event": .string(event.event), "url": .string(event.url)]
        if let offset = event.offset?.seconds(duration: duration) { fields["offset"] = .number(offset) }
        return .dictionary(fields)
      })
  }
}

extension PluginHost {
  func registerVASTTypes() {
    let type = LuaObjectType<VASTAdBox>("VASTAd")
    type.property("id") { LuaValue($0.ad.id) }
    type.property("sequence") { box in box.ad.sequence.map { .integer(Int64(clamping: $0)) } ?? .nil }
    type.property("kind") { .string($0.ad.kind.rawValue) }
    type.property("adSystem") { LuaValue($0.ad.adSystem) }
    type.property("adTitle") { LuaValue($0.ad.adTitle) }
    type.property("adServingId") { LuaValue($0.ad.adServingId) }
    type.property("duration") { LuaValue($0.duration) }
    type.property("skipOffset") { .number($0.skipOffset) }
    type.property("creativeId") { LuaValue($0.creativeId) }
    type.property("clickThrough") { LuaValue($0.linear?.videoClicks.clickThrough) }
    type.property("impressions") { box in .array(box.ad.impressions.map { .string($0.url) }) }
    type.property("errors") { box in .array(box.ad.errors.map { .string($0) }) }
    type.property("tracking") { $0.tracking }
    type.property("clickTracking") { box in
      .array((box.linear?.videoClicks.clickTracking ?? []).map { .string($0) })
    }
    type.property("universalAdIds") { box in
      .array(
        box.ad.creatives.flatMap(\.universalAdIds).map { id in
          .dictionary(
            ["idRegistry": LuaValue(id.idRegistry), "value": .string(id.value)].filter { !$0.value.isNil })
        })
    }
    type.property("chain") { box in .array(box.chain.map { .string($0) }) }
    type.property("mediaFiles") { box in .array((box.linear?.mediaFiles ?? []).map(Self.mediaTable)) }
    registerVASTExtras(type)
    type.description { box in
      "VASTAd \"\(box.ad.id ?? "?")\"" + (box.duration.map { " \(AdBindings.seconds($0))s" } ?? "")
        + (box.ad.sequence.map { " seq \($0)" } ?? "")
    }
    lua.register(type)
  }

  static func mediaTable(_ file: VASTMediaFile) -> LuaValue {
    var fields: [String: LuaValue] = ["url": .string(file.url)]
    fields["type"] = LuaValue(file.type)
    fields["delivery"] = LuaValue(file.delivery)
    fields["codec"] = LuaValue(file.codec)
    fields["apiFramework"] = LuaValue(file.apiFramework)
    if let width = file.width { fields["width"] = .integer(Int64(clamping: width)) }
    if let height = file.height { fields["height"] = .integer(Int64(clamping: height)) }
    if let bitrate = file.bitrate { fields["bitrate"] = .integer(Int64(clamping: bitrate)) }
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  /// The VAST ad in `init.vast`, if any.
  func vastAd(in reader: InitReader) throws(ArgumentError) -> VASTAdBox? {
    guard let value = reader.fields["vast"], !value.isNil else { return nil }
    guard case .object(let object) = value, let box = object as? VASTAdBox else {
      throw ArgumentError(
        "\(reader.method): init.vast must be a VAST ad from vast.parse or vast.load, got \(value.typeName)")
    }
    return box
  }
}
