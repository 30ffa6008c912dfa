import LuaKit
import PlaybackEngine
import PlayerSeam
import VASTKit

extension VASTAdBox {
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
