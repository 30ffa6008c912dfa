import LuaKit
import PlayerSeam

extension PluginHost {
  /// `json.encode(value)`, `json.decode(text)` (returns `nil, message` on bad JSON) and `json.null`.
  func jsonModule() -> [String: LuaValue] {
    var functions: [String: LuaSwiftFunction] = [:]
    functions["encode"] = { call in
      let json = try LuaJSON.json(try call.value(1), path: "value", isNull: Self.isJSONNull)
      return call.return(.string(json.jsonText))
    }
    functions["decode"] = { call in
      guard let text = call.string(1) else {
        throw ArgumentError("json.decode: expected a string, got \(call.typeName(1))")
      }
      try call.reserveHostMemory(Self.decodedSize(of: text))
      let parsed: JSONValue
      do throws(JSONSyntaxError) {
        parsed = try JSONValue.parse(text)
      } catch {
        return call.return(.nil, .string(error.description))
      }
      return call.return(LuaValue(json: parsed))
    }
    var fields = module(functions)
    fields["null"] = .object(JSONNull.shared)
    return fields
  }

  /// What decoding `text` takes at least, in Lua and in the host while it is copied: the text's
  /// bytes and 48 bytes (what LuaKit counts for a copied value) for each value it can hold
  /// (values start the text or follow a `[`, `{`, `,` or `:`; those inside strings count too,
  /// which only errs high).
  static func decodedSize(of text: String) -> Int {
    var values = 1
    for byte in text.utf8 where Self.valueStarts.contains(byte) {
      values += 1
    }
    return text.utf8.count + values * 48
  }

  private static let valueStarts: Set<UInt8> = [
    UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ":"),
  ]

  static func isJSONNull(_ value: LuaValue) -> Bool {
    if case .object(let object) = value { return object is JSONNull }
    return false
  }
}
