import LuaKit
import OutsideText
import PlayerSeam

extension PluginHost {
  /// `log.debug/info/warn/error(...)`: a line on standard error with the virtual time, the
  /// plugin and the level, and a `log` entry in the event log for `warn` and `error`.
  func logModule(for plugin: Plugin) -> [String: LuaValue] {
    func level(_ name: String) -> LuaSwiftFunction {
      { [weak self, weak plugin] call in
        guard let self, let plugin else { return 0 }
        let message = try call.values().map(Self.logText).joined(separator: " ")
        let time = VirtualTime.secondsText(self.loop.nowMicros / 1000 * 1000)
        // One line per call: a line feed in the message must not start a line of its own.
        self.diagnostics("[\(time)s] \(plugin.name) \(name): \(TerminalEscape.line(message))")
        if name == "warn" || name == "error" {
          self.player.appendLog(
            .log, fields: JSONObject([("level", .string(name)), ("message", .string(message))]))
        }
        return 0
      }
    }
    return module([
      "debug": level("debug"), "info": level("info"), "warn": level("warn"), "error": level("error"),
    ])
  }

  static func logText(_ value: LuaValue) -> String {
    switch value {
    case .string, .bytes: return value.stringValue ?? ""
    case .nil: return "nil"
    case .boolean(let flag): return String(flag)
    case .integer(let number): return String(number)
    case .number(let number): return JSONValue.number(number).jsonText
    case .object(let object as any IntegrationAd): return AdBindings.summary(object)
    default:
      if let json = try? LuaJSON.json(value, repairingText: true, isNull: isJSONNull) { return json.jsonText }
      return value.typeName
    }
  }
}

extension Plugin {
  /// The file name without folders, for log lines.
  var name: String { path.split(separator: "/").last.map(String.init) ?? path }
}
