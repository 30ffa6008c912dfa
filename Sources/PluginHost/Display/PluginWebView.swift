import LuaKit
import PlayerSeam
import WebViewKit

/// A plugin's WebKit view (`webview.open`): the view, the plugin's navigation policy, listeners
/// and native close. Its events go into the player's log, where the run's timeline shows them.
/// Host thread only.
public final class PluginWebView {
  /// The engine's view.
  public let view: WebView
  weak var host: PluginHost?
  weak var plugin: Plugin?
  /// Where its events are logged: held, so that a view closed as its host goes still logs.
  let player: any IntegrationPlayer
  var policy: LuaFunction?
  var listeners: [(type: String, function: LuaFunction)] = []
  var nativeClose: LuaFunction?

  init(view: WebView, host: PluginHost, plugin: Plugin) {
    self.view = view
    self.host = host
    self.plugin = plugin
    player = host.player
    view.onEvent = { [weak self] event in self?.record(event) }
    view.policy = { [weak self] request in self?.decide(request) ?? .cancel }
  }

  /// Whether the plugin gave the view a native close (an interstitial's close button).
  public var hasNativeClose: Bool { nativeClose != nil }

  /// The user taps the native close: runs the plugin's close function (which closes the view).
  /// Returns false when the plugin gave the view none.
  @discardableResult
  public func tapNativeClose() -> Bool {
    guard let nativeClose, let host, let plugin else { return false }
    host.player.appendLog(.nativeclose)
    host.runDetached(nativeClose, [.object(self)], plugin: plugin, what: "webview native close")
    return true
  }

  private func record(_ event: WebViewEvent) {
    var fields = JSONObject()
    for (key, value) in event.fields {
      switch value {
      case .string(let text): fields[key] = .string(text)
      case .number(let number): fields[key] = .number(number)
      case .bool(let flag): fields[key] = .bool(flag)
      }
    }
    // Every type WebViewKit makes is a kind (scripts/lint-log-kinds.pl checks its literals).
    if let kind = LogKind(rawValue: event.type) {
      player.appendLog(kind, fields: fields)
    } else {
      host?.diagnostics("webview: an event of type \(event.type) is not a log kind: not logged")
    }
    guard let host, let plugin else { return }
    var table: [String: LuaValue] = ["type": .string(event.type)]
    for (key, value) in event.fields {
      switch value {
      case .string(let text): table[key] = .string(text)
      case .number(let number): table[key] = .number(number)
      case .bool(let flag): table[key] = .boolean(flag)
      }
    }
    for listener in listeners where listener.type == event.type {
      host.runDetached(
        listener.function, [.dictionary(table)], plugin: plugin, what: "webview \(event.type) listener")
    }
  }

  /// Asks the plugin's policy; a policy that fails, waits or answers something else cancels.
  private func decide(_ request: NavigationRequest) -> NavigationDecision {
    guard let policy else { return .allow }
    // The host is going (its views close): nothing new loads.
    guard let host, let plugin else { return .cancel }
    var fields: [String: LuaValue] = [
      "url": .string(request.url), "userGesture": .boolean(request.userGesture),
      "newWindow": .boolean(request.newWindow), "kind": .string(request.kind),
    ]
    if let mainFrame = request.mainFrame { fields["mainFrame"] = .boolean(mainFrame) }
    let argument: LuaValue = .dictionary(fields)
    var answer: NavigationDecision?
    var failure: String?
    host.runCallback(policy, [argument]) { result in
      switch result {
      case .success(let values):
        if case .string(let text)? = values.first, let decision = NavigationDecision(rawValue: text) {
          answer = decision
        } else {
          failure =
            "the navigation policy must return \"allow\", \"cancel\" or \"outside\", got \(values.first.map { LuaValueText.describe($0) } ?? "nothing")"
        }
      case .failure(let error): failure = error.message
      }
    }
    if let answer { return answer }
    let message = failure ?? "the navigation policy did not return at once (it may not wait)"
    host.reportPluginError(
      LuaError(.runtime, message), plugin: plugin, what: "webview navigation policy for \(request.url)")
    return .cancel
  }
}

/// A Lua value as shown in messages.
enum LuaValueText {
  static func describe(_ value: LuaValue) -> String {
    switch value {
    case .string(let text): return "\"\(text)\""
    case .nil: return "nil"
    default: return value.typeName
    }
  }
}
