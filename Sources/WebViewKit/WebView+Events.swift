import CheckedNumbers
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
        endNavigations()
        onEvent(WebViewEvent("loadfinish", [("url", .string(event.string("url") ?? ""))]))
      default: break
      }
    case "loadFailed":
      loading = false
      endNavigations()
      if event.bool("byPolicy") == true { return }  // the navigation's decision says it
      onEvent(
        WebViewEvent(
          "loadfail",
          [("url", .string(event.string("url") ?? "")), ("message", .string(event.string("message") ?? ""))]))
    case "console":
      var message = event.string("message") ?? ""
      if case .number(let more)? = event["more"], more > 0 {
        message += "… \(Int.checked(more, in: 0...Int.max) ?? 0) bytes more"
      }
      onEvent(
        WebViewEvent(
          "console", [("level", .string(event.string("level") ?? "log")), ("message", .string(message))]))
    case "closeRequested":
      onEvent(
        WebViewEvent(
          "closerequested", [("outcome", .string("ignored: only the native close closes the view"))]))
    case "newViewRefused":
      onEvent(
        WebViewEvent(
          "newviewrefused",
          [
            ("url", .string(event.string("url") ?? "")),
            ("userGesture", .bool(event.bool("userGesture") ?? false)),
            ("outcome", .string("no new view: the view opens none, as a WKWebView without a UIDelegate")),
          ]))
    case "terminated":
      loading = false
      endNavigations()
      loadingResources.removeAll()
      onEvent(WebViewEvent("terminated", [("reason", .string(event.string("reason") ?? ""))]))
    case "request": requestAnswered(event)
    case "response": responseArrived(url: event.string("url") ?? "")
    case "resource": resourceChanged(event)
    case "error":
      onEvent(WebViewEvent("engineerror", [("message", .string(event.string("message") ?? ""))]))
    default: break
    }
  }

  private func decide(_ event: WebViewEvent) {
    guard case .number(let number)? = event["id"], let id = Int.checked(number, in: 0...Int.max)
    else { return }
    let newWindow = event.bool("newWindow") ?? false
    let request = NavigationRequest(
      url: event.string("url") ?? "", userGesture: event.bool("userGesture") ?? false, newWindow: newWindow,
      mainFrame: newWindow ? false : nil, kind: event.string("kind") ?? "other")
    let decision = policy(request)
    helper.send(["cmd": "decide", "id": id, "allow": decision == .allow])
    navigationDecided(
      url: request.url, allowed: decision == .allow, newWindow: newWindow,
      redirect: event.bool("redirect") ?? false)
    var fields: [(String, WebViewEvent.Value)] = [
      ("url", .string(request.url)), ("decision", .string(decision.rawValue)),
      ("userGesture", .bool(request.userGesture)), ("newWindow", .bool(newWindow)),
      ("kind", .string(request.kind)),
    ]
    if let mainFrame = request.mainFrame { fields.append(("mainFrame", .bool(mainFrame))) }
    onEvent(WebViewEvent("navigation", fields))
    if decision == .openOutside { onEvent(WebViewEvent("openedoutside", [("url", .string(request.url))])) }
  }
}
