import LuaKit
import PlaybackEngine
import PlayerSeam
import VASTKit

/// The parts of a VAST ad besides its linear creative, as Lua tables: verifications, non-linear
/// ads, companions, icons; and `ad:rejectVerification(vendor)`.
extension PluginHost {
  func registerVASTExtras(_ type: LuaObjectType<VASTAdBox>) {
    type.property("adVerifications") { box in .array(box.ad.verifications.map(Self.verificationTable)) }
    type.property("nonLinearAds") { box in
      .array(
        box.ad.creatives.compactMap(\.nonLinearAds).flatMap { ads in
          ads.nonLinears.map { Self.nonLinearTable($0, tracking: ads.trackingEvents) }
        })
    }
    type.property("companions") { box in
      .array(
        box.ad.creatives.compactMap(\.companionAds).flatMap { ads in
          ads.companions.map { Self.companionTable($0, required: ads.required) }
        })
    }
    type.property("icons") { box in
      .array((box.linear?.icons ?? []).map { Self.iconTable($0, duration: box.duration) })
    }
    type.method("rejectVerification") { box, call in
      guard let vendor = call.string(2) else {
        throw ArgumentError("rejectVerification: expected the vendor as a string, got \(call.typeName(2))")
      }
      box.rejectedVendors.insert(vendor)
      return call.return(.boolean(box.ad.verifications.contains { $0.vendor == vendor }))
    }
  }

  static func verificationTable(_ verification: VASTVerification) -> LuaValue {
    var fields: [String: LuaValue] = ["origin": .string(verification.origin.rawValue)]
    fields["vendor"] = LuaValue(verification.vendor)
    fields["verificationParameters"] = LuaValue(verification.verificationParameters)
    fields["javaScriptResources"] = .array(
      verification.javaScriptResources.map { resource in
        var table: [String: LuaValue] = ["url": .string(resource.url)]
        table["apiFramework"] = LuaValue(resource.apiFramework)
        if let optional = resource.browserOptional { table["browserOptional"] = .boolean(optional) }
        return .dictionary(table.filter { !$0.value.isNil })
      })
    fields["executableResources"] = .array(
      verification.executableResources.map { resource in
        .dictionary(
          [
            "value": .string(resource.value), "apiFramework": LuaValue(resource.apiFramework),
            "type": LuaValue(resource.type), "language": LuaValue(resource.language),
          ].filter { !$0.value.isNil })
      })
    fields["tracking"] = trackingTable(verification.trackingEvents)
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  static func nonLinearTable(_ item: VASTNonLinear, tracking: [VASTTrackingEvent]) -> LuaValue {
    var fields = sizes([
      ("width", item.width), ("height", item.height), ("expandedWidth", item.expandedWidth),
      ("expandedHeight", item.expandedHeight),
    ])
    fields["id"] = LuaValue(item.id)
    if let scalable = item.scalable { fields["scalable"] = .boolean(scalable) }
    if let keep = item.maintainAspectRatio { fields["maintainAspectRatio"] = .boolean(keep) }
    fields["minSuggestedDuration"] = LuaValue(item.minSuggestedDuration)
    fields["apiFramework"] = LuaValue(item.apiFramework)
    fields["resources"] = resourcesTable(item.resources)
    fields["adParameters"] = LuaValue(item.adParameters)
    fields["clickThrough"] = LuaValue(item.clickThrough)
    fields["clickTracking"] = .array(item.clickTracking.map { .string($0) })
    fields["tracking"] = trackingTable(tracking)
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  /// A VAST companion with every attribute, plus THEOplayer's `CompanionAd` fields
  /// (`resourceURI`, `contentHTML`), so that it can go to `createAd{companions = …}` as it is.
  static func companionTable(_ companion: VASTCompanion, required: String?) -> LuaValue {
    var fields = sizes([
      ("width", companion.width), ("height", companion.height), ("assetWidth", companion.assetWidth),
      ("assetHeight", companion.assetHeight), ("expandedWidth", companion.expandedWidth),
      ("expandedHeight", companion.expandedHeight),
    ])
    fields["id"] = LuaValue(companion.id)
    fields["required"] = LuaValue(required)
    fields["apiFramework"] = LuaValue(companion.apiFramework)
    fields["adSlotId"] = LuaValue(companion.adSlotId)
    fields["pxratio"] = LuaValue(companion.pxratio)
    fields["renderingMode"] = LuaValue(companion.renderingMode)
    fields["resources"] = resourcesTable(companion.resources)
    fields["resourceURI"] = LuaValue(companion.resourceURI)
    fields["contentHTML"] = LuaValue(companion.contentHTML)
    fields["altText"] = LuaValue(companion.altText)
    fields["adParameters"] = LuaValue(companion.adParameters)
    fields["clickThrough"] = LuaValue(companion.clickThrough)
    fields["clickTracking"] = .array(companion.clickTracking.map { .string($0) })
    fields["tracking"] = trackingTable(companion.trackingEvents)
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  /// An icon; `offset` in seconds (a percentage taken of the ad's duration, when known).
  static func iconTable(_ icon: VASTIcon, duration: Double?) -> LuaValue {
    var fields = sizes([("width", icon.width), ("height", icon.height)])
    fields["program"] = LuaValue(icon.program)
    fields["xPosition"] = LuaValue(icon.xPosition)
    fields["yPosition"] = LuaValue(icon.yPosition)
    fields["offset"] = LuaValue(icon.offset?.seconds(duration: duration))
    fields["duration"] = LuaValue(icon.duration)
    fields["apiFramework"] = LuaValue(icon.apiFramework)
    fields["pxratio"] = LuaValue(icon.pxratio)
    fields["resources"] = resourcesTable(icon.resources)
    fields["clickThrough"] = LuaValue(icon.clickThrough)
    fields["clickTracking"] = .array(icon.clickTracking.map { .string($0) })
    fields["viewTracking"] = .array(icon.viewTracking.map { .string($0) })
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  /// `{type = "static" | "iframe" | "html", creativeType = …, value = …}` for each resource.
  static func resourcesTable(_ resources: [VASTResource]) -> LuaValue {
    .array(
      resources.map { resource in
        .dictionary(
          [
            "type": .string(resource.kind.luaName), "creativeType": LuaValue(resource.creativeType),
            "value": .string(resource.value),
          ].filter { !$0.value.isNil })
      })
  }

  static func trackingTable(_ events: [VASTTrackingEvent]) -> LuaValue {
    .array(events.map { ["event": .string($0.event), "url": .string($0.url)] })
  }

  private static func sizes(_ pairs: [(String, Int?)]) -> [String: LuaValue] {
    var fields: [String: LuaValue] = [:]
    for (name, value) in pairs { if let value { fields[name] = .integer(Int64(clamping: value)) } }
    return fields
  }
}

extension VASTResource.Kind {
  /// The word Lua sees.
  var luaName: String {
    switch self {
    case .staticResource: return "static"
    case .iFrame: return "iframe"
    case .html: return "html"
    }
  }
}
