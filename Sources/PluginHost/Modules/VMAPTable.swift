import LuaKit
import PlaybackEngine
import VASTKit

extension PluginHost {
  /// The Lua table of a VMAP schedule (see docs/plugin-api.md, `vast.parseVMAP`).
  static func vmapTable(_ document: VMAPDocument) -> LuaValue {
    var fields: [String: LuaValue] = [
      "version": .string(document.version),
      "adBreaks": .array(document.adBreaks.map(breakTable)),
      "issues": .array(document.issues.map { .string($0.description) }),
    ]
    fields["extensions"] = LuaValue(document.extensionsXML)
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  private static func breakTable(_ adBreak: VMAPAdBreak) -> LuaValue {
    var fields: [String: LuaValue] = [
      "breakTypes": .array(adBreak.breakTypes.map { .string($0) }),
      "tracking": .array(
        adBreak.trackingEvents.map { ["event": .string($0.event), "url": .string($0.url)] }),
      "line": .integer(Int64(clamping: adBreak.line)),
    ]
    fields["breakId"] = LuaValue(adBreak.breakId)
    fields["timeOffset"] = LuaValue(adBreak.timeOffset?.description)
    if let offset = adBreak.timeOffset { fields["offset"] = offsetTable(offset) }
    if let repeatAfter = adBreak.repeatAfter { fields["repeatAfter"] = .number(repeatAfter) }
    if let source = adBreak.adSource { fields["source"] = sourceTable(source) }
    fields["extensions"] = LuaValue(adBreak.extensionsXML)
    if let error = adBreak.error {
      fields["error"] = ["code": .integer(Int64(error.code.rawValue)), "message": .string(error.message)]
    }
    return .dictionary(fields.filter { !$0.value.isNil })
  }

  /// `{kind = "start"|"end"|"seconds"|"percent"|"position", value? = number}`.
  private static func offsetTable(_ offset: VMAPTimeOffset) -> LuaValue {
    switch offset {
    case .start: return ["kind": "start"]
    case .end: return ["kind": "end"]
    case .seconds(let value): return ["kind": "seconds", "value": .number(value)]
    case .percent(let value): return ["kind": "percent", "value": .number(value)]
    case .position(let value): return ["kind": "position", "value": .integer(Int64(clamping: value))]
    }
  }

  private static func sourceTable(_ source: VMAPAdSource) -> LuaValue {
    var fields: [String: LuaValue] = [:]
    fields["id"] = LuaValue(source.id)
    if let value = source.allowMultipleAds { fields["allowMultipleAds"] = .boolean(value) }
    if let value = source.followRedirects { fields["followRedirects"] = .boolean(value) }
    switch source.content {
    case .vastAdData(let document)?:
      fields["kind"] = "vast"
      fields["ads"] = .array(document.ads.map { .object(VASTAdBox(ad: $0, chain: ["inline"])) })
    case .adTagURI(let url, let templateType)?:
      fields["kind"] = "adTagURI"
      fields["url"] = .string(url)
      fields["templateType"] = LuaValue(templateType)
    case .customAdData(let xml, let templateType)?:
      fields["kind"] = "custom"
      fields["xml"] = .string(xml)
      fields["templateType"] = LuaValue(templateType)
    case nil: break
    }
    return .dictionary(fields.filter { !$0.value.isNil })
  }
}
