import Foundation
import LuaKit
import WebViewKit

extension PluginHost {
  /// The `WebView` userdata: `view:load(url)`, `view:loadHTML(html, baseURL)`,
  /// `view:setNavigationPolicy(fn)`, `view:addEventListener(type, fn)`, `view:setNativeClose(fn)`,
  /// `view:screenshot(name)` (into `--screenshots DIR`), `view:click(x, y)`, `view:close()`. The calls that wait for the
  /// engine return `true`, or `nil` and a message.
  func webViewType() -> LuaObjectType<PluginWebView> {
    let type = LuaObjectType<PluginWebView>("WebView")
    type.receiverName = "view"
    type.method("load") { object, call in
      guard let text = call.string(2), let url = URL(string: text),
        url.scheme == "http" || url.scheme == "https"
      else {
        throw ArgumentError("view:load: expects an http(s) URL, got \(call.typeName(2))")
      }
      return Self.outcome(call) { () throws(WebViewError) in try object.view.load(url) }
    }
    type.method("loadHTML") { object, call in
      guard let html = call.string(2), let text = call.string(3), let base = URL(string: text) else {
        throw ArgumentError("view:loadHTML: expects the HTML and its base URL (strings)")
      }
      return Self.outcome(call) { () throws(WebViewError) in try object.view.loadHTML(html, baseURL: base) }
    }
    type.method("setNavigationPolicy") { object, call in
      guard let function = call.function(2) else {
        throw ArgumentError("view:setNavigationPolicy: expects a function, got \(call.typeName(2))")
      }
      object.policy = function
      return 0
    }
    type.method("addEventListener") { object, call in
      guard let name = call.string(2), let function = call.function(3) else {
        throw ArgumentError("view:addEventListener: expects an event type and a function")
      }
      object.listeners.append((name, function))
      return 0
    }
    type.method("setNativeClose") { object, call in
      guard let function = call.function(2) else {
        throw ArgumentError("view:setNativeClose: expects a function, got \(call.typeName(2))")
      }
      object.nativeClose = function
      return 0
    }
    type.method("screenshot") { object, call in
      guard let name = call.string(2) else {
        throw ArgumentError("view:screenshot: expects a file name NAME.png, got \(call.typeName(2))")
      }
      // A plugin writes only into the folder the user chose (`--screenshots DIR`).
      guard let folder = object.host?.viewOptions.screenshots else {
        return call.return(
          .nil,
          .string(
            "view:screenshot: refused: a plugin's screenshots need --screenshots DIR on the command line"))
      }
      return Self.outcome(call) { () throws(WebViewError) in
        try object.view.screenshot(to: try folder.file(for: name))
      }
    }
    type.method("click") { object, call in
      guard let x = call.number(2), let y = call.number(3), x.isFinite, y.isFinite else {
        throw ArgumentError("view:click: expects x and y (numbers)")
      }
      return Self.outcome(call) { () throws(WebViewError) in try object.view.click(x: x, y: y) }
    }
    type.method("close") { object, _ in
      object.view.close()
      return 0
    }
    type.property("closed") { object in .boolean(object.view.isClosed) }
    type.property("width") { object in .integer(Int64(truncatingIfNeeded: object.view.configuration.width)) }
    type.property("height") { object in .integer(Int64(truncatingIfNeeded: object.view.configuration.height))
    }
    return type
  }

  private static func outcome<T>(_ call: LuaCall, _ body: () throws(WebViewError) -> T) -> Int32 {
    do {
      _ = try body()
      return call.return(.boolean(true))
    } catch {
      return call.return(.nil, .string("\(error)"))
    }
  }
}
