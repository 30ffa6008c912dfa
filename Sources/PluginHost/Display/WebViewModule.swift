import CheckedNumbers
import Foundation
import LuaKit
import PlayerSeam
import WebViewKit

extension PluginHost {
  /// `webview.open{width=, height=}` and `webview.registerPlacement(integration, fn)`
  /// (docs/display.md).
  func webviewModule(for plugin: Plugin) -> [String: LuaValue] {
    let open: LuaSwiftFunction = { [weak self, weak plugin] call in
      guard let self, let plugin else { return 0 }
      guard let options = call.table(1) else {
        throw ArgumentError("webview.open: expects a table {width = …, height = …}, got \(call.typeName(1))")
      }
      let width = try Self.viewSide(options, "width")
      let height = try Self.viewSide(options, "height")
      var configuration = WebView.Configuration(width: width, height: height)
      configuration.webProcessMemoryMB = viewOptions.webProcessMemoryMB
      if case .number(let seconds) = options.field("loadTimeout"), seconds > 0, seconds <= 600 {
        configuration.loadTimeout = seconds
      } else if case .integer(let seconds) = options.field("loadTimeout"), seconds > 0, seconds <= 600 {
        configuration.loadTimeout = Double(seconds)
      }
      do {
        let view = try WebView(configuration: configuration, http: http)
        let object = PluginWebView(view: view, host: self, plugin: plugin)
        player.appendLog(
          .viewopen,
          fields: JSONObject([("width", .number(Double(width))), ("height", .number(Double(height)))]))
        webViews.append(object)
        return call.return(.object(object))
      } catch {
        openFailure = "webview.open: \(error)"
        return call.return(.nil, .string("webview.open: \(error)"))
      }
    }
    let register: LuaSwiftFunction = { [weak plugin] call in
      guard let plugin else { return 0 }
      guard let id = call.string(1), !id.isEmpty else {
        throw ArgumentError(
          "webview.registerPlacement: the integration id must be a string, got \(call.typeName(1))")
      }
      guard let function = call.function(2) else {
        throw ArgumentError(
          "webview.registerPlacement: the placement function must be a function, got \(call.typeName(2))")
      }
      plugin.placements[id] = function
      return 0
    }
    return module(["open": open, "registerPlacement": register])
  }

  private static func viewSide(_ options: LuaTableReference, _ key: String) throws -> Int {
    switch options.field(key) {
    case .integer(let value) where (1...8192).contains(value): return Int(truncatingIfNeeded: value)
    case .number(let value) where Int.checked(value, in: 1...8192) != nil:
      return Int.checked(value, in: 1...8192) ?? 1
    case let other:
      throw ArgumentError(
        "webview.open: \(key) must be a whole number of pixels 1…8192, got \(LuaValueText.describe(other))")
    }
  }
}

/// What a plugin's WebKit views may do, as the command line set it.
public struct PluginViewOptions: Sendable {
  /// Where `view:screenshot(NAME.png)` writes (`--screenshots DIR`); nil refuses every plugin
  /// screenshot.
  public var screenshots: ScreenshotFolder?
  /// The memory the web process of each view may use, in MiB (`--webview-memory`).
  public var webProcessMemoryMB = WebView.Configuration.defaultWebProcessMemoryMB

  /// No screenshots, the default memory limit.
  public init() {}
}
