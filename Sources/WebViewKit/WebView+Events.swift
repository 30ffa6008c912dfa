import Foundation

extension WebView {
  /// Turns a helper event into the view's events, asking the policy for navigations.
  func handle(_ event: WebViewEvent) {
    switch event.type {
    case "navigation": decide(event)
    case "load":
      switch event.string("phase") {
      case "started":
        loading = true
        onEvent(WebViewEvent("loadstart", [("url", .string(event.string("url") ?? ""))]))
      case "finished":
        loading = false
        onEvent(WebViewEvent("loadfinish", [("url", .string(event.string("url") ?? ""))]))
      default: break
      }
    case "loadFailed":
      loading = false
      if event.bool("byPolicy") == true { return }  // the navigation's decision says it
      onEvent(
        WebViewEvent(
          "loadfail",
          [("url", .string(event.string("url") ?? "")), ("message", .string(event.string("message") ?? ""))]))
    case "console":
      onEvent(
        WebViewEvent(
          "console",
          [("level", .string(event.string("level") ?? "log")), ("message", .string(event.string("message") ?? ""))]))
    case "closeRequested":
      onEvent(WebViewEvent("closerequested", [("outcome", .string("ignored: only the native close closes the view"))]))
    case "newViewRefused":
      onEvent(WebViewEvent("newviewrefused", [("url", .string(event.string("url") ?? ""))]))
    case "terminated":
      loading = false
      onEvent(WebViewEvent("terminated", [("reason", .string(event.string("reason") ?? ""))]))
    case "request": onEvent(event)
    case "error":
      onEvent(WebViewEvent("engineerror", [("message", .string(event.string("message") ?? ""))]))
    default: break
    }
  }

  private func decide(_ event: WebViewEvent) {
    guard case .number(let id)? = event["id"] else { return }
    let newWindow = event.bool("newWindow") ?? false
    let target = event.string("targetFrame")
    let request = NavigationRequest(
      url: event.string("url") ?? "", userGesture: event.bool("userGesture") ?? false, newWindow: newWindow,
      mainFrame: !newWindow && target == nil, kind: event.string("kind") ?? "other")
    let decision = policy(request)
    helper.send(["cmd": "decide", "id": Int(id), "allow": decision == .allow])
    onEvent(
      WebViewEvent(
        "navigation",
        [
          ("url", .string(request.url)), ("decision", .string(decision.rawValue)),
          ("userGesture", .bool(request.userGesture)), ("mainFrame", .bool(request.mainFrame)),
          ("newWindow", .bool(newWindow)), ("kind", .string(request.kind)),
        ]))
    if decision == .openOutside { onEvent(WebViewEvent("openedoutside", [("url", .string(request.url))])) }
  }
}
