import AdPlayer
import LuaKit

extension PluginHost {
  /// `json.encode(value)`, `json.decode(text)` (returns `nil, message` on bad JSON) and `json.null`.
  func jsonModule() -> LuaValue {
    var functions: [String: LuaSwiftFunction] = [:]
    functions["encode"] = { call in
      let json = try LuaJSON.json(try call.value(1), path: "value", isNull: Self.isJSONNull)
      return call.return(.string(json.jsonText))
    }
    functions["decode"] = { call in
      guard let text = call.string(1) else {
        throw ArgumentError("json.decode: expected a string, got \(call.typeName(1))")
      }
      let parsed: JSONValue
      do throws(JSONSyntaxError) {
        parsed = try JSONValue.parse(text)
      } catch {
        return call.return(.nil, .string(error.description))
      }
      return call.return(LuaValue(json: parsed))
    }
    var table = module(functions)
    if case .dictionary(var fields) = table {
      fields["null"] = .object(JSONNull.shared)
      table = .dictionary(fields)
    }
    return table
  }

  static func isJSONNull(_ value: LuaValue) -> Bool {
    if case .object(let object) = value { return object is JSONNull }
    return false
  }
}
