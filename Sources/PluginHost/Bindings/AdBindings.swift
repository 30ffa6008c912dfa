import CheckedNumbers
import LuaKit
import PlayerSeam

/// `json.null`: the value JSON `null` takes inside Lua tables, so keys and positions are kept.
final class JSONNull: Sendable {
  static let shared = JSONNull()
}

extension LuaValue {
  /// A number, or nil when absent.
  init(_ number: Double?) { self = number.map { .number($0) } ?? .nil }
  /// A string, or nil when absent.
  init(_ text: String?) { self = text.map { .string($0) } ?? .nil }
  /// A JSON value in Lua (`json.null` for nulls inside), or nil when absent.
  init(json: JSONValue?) {
    self = json.map { LuaJSON.lua($0, null: .object(JSONNull.shared)) } ?? .nil
  }
}

enum AdBindings {
  /// Ads as userdata with the Web SDK's fields, read-only.
  static func adType<Ad: IntegrationAd>(_: Ad.Type) -> LuaObjectType<Ad> {
    let type = LuaObjectType<Ad>("Ad")
    type.property("id") { .string($0.id) }
    type.property("type") { .string($0.type.rawValue) }
    type.property("integration") { .string($0.integration) }
    type.property("adBreak") { ad in ad.adBreak.map { .object($0) } ?? .nil }
    type.property("duration") { LuaValue($0.duration) }
    type.property("skipOffset") { .number($0.skipOffset) }
    type.property("resourceURI") { LuaValue($0.resourceURI) }
    type.property("clickThrough") { LuaValue($0.clickThrough) }
    type.property("width") { LuaValue($0.width) }
    type.property("height") { LuaValue($0.height) }
    type.property("creativeId") { LuaValue($0.creativeId) }
    type.property("adSystem") { LuaValue($0.adSystem) }
    type.property("isSlate") { .boolean($0.isSlate) }
    type.property("readyState") { .string($0.readyState) }
    type.property("customData") { LuaValue(json: $0.customData) }
    type.property("universalAdIds") { ad in
      .array(
        ad.universalAdIds.map {
          ["adIdRegistry": .string($0.adIdRegistry), "adIdValue": .string($0.adIdValue)]
        })
    }
    type.property("companions") { ad in
      .array(
        ad.companions.map { companion in
          .dictionary(
            [
              "adSlotId": LuaValue(companion.adSlotId), "altText": LuaValue(companion.altText),
              "clickThrough": LuaValue(companion.clickThrough),
              "resourceURI": LuaValue(companion.resourceURI),
              "contentHTML": LuaValue(companion.contentHTML),
              "width": LuaValue(companion.width), "height": LuaValue(companion.height),
            ].filter { !$0.value.isNil })
        })
    }
    type.property("playing") { .boolean($0.isPlaying) }
    type.description(summary)
    return type
  }

  /// Ad breaks as userdata with the Web SDK's fields, read-only.
  static func adBreakType<AdBreak: IntegrationAdBreak>(_: AdBreak.Type) -> LuaObjectType<AdBreak> {
    let type = LuaObjectType<AdBreak>("AdBreak")
    type.property("timeOffset") { .number($0.timeOffset) }
    type.property("maxDuration") { LuaValue($0.maxDuration) }
    type.property("maxRemainingDuration") { LuaValue($0.maxRemainingDuration) }
    type.property("ads") { adBreak in .array(adBreak.ads.map { .object($0) }) }
    type.property("integration") { .string($0.integration) }
    type.property("customData") { LuaValue(json: $0.customData) }
    type.property("playing") { .boolean($0.isPlaying) }
    type.description { adBreak in
      "AdBreak@\(seconds(adBreak.timeOffset)) \(adBreak.ads.count) ad\(adBreak.ads.count == 1 ? "" : "s")"
        + (adBreak.maxDuration.map { " max \(seconds($0))s" } ?? "")
    }
    return type
  }

  /// `Ad linear "first_ad_id" 10s skip@5 in break@0`.
  static func summary(_ ad: any IntegrationAd) -> String {
    var text = "Ad \(ad.type.rawValue) \"\(ad.id)\""
    if let duration = ad.duration { text += " \(seconds(duration))s" }
    if ad.skipOffset >= 0 { text += " skip@\(seconds(ad.skipOffset))" }
    if let adBreak = ad.adBreak { text += " in break@\(seconds(adBreak.timeOffset))" }
    return text
  }

  /// Seconds as exact decimals, without a needless `.0`; past what the clock counts in
  /// microseconds (or negative, NaN, infinite) as the number itself (`1e+300`), not a capped clock.
  static func seconds(_ value: Double) -> String {
    guard value >= 0, value < 1e12 else { return CheckedNumbers.describe(value) }
    return VirtualTime.secondsText(VirtualTime.micros(value))
  }
}
