import Foundation

extension WebView {
  /// Waits, handling events, until what the page set off reached a defined point: every
  /// navigation the policy allowed got its document's answer (its `request` line) and, in the
  /// main frame, finished or failed loading; every resource load the engine started ended; and
  /// every request the proxy was answering has its `request` line. At the load deadline a running
  /// load is stopped (`loadtimeout`); a navigation or resource that never got an answer is
  /// reported (`loadtimeout` with its `url`) and no longer awaited.
  func settleLoads() {
    let seconds = configuration.loadTimeout
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !isClosed && (loading || !awaitedNavigations.isEmpty || !loadingResources.isEmpty || !proxy.isIdle)
    {
      guard let event = helper.events.pop(before: min(deadline, Date(timeIntervalSinceNow: 0.02))) else {
        if Date() < deadline { continue }
        reportUnsettled(seconds: seconds)
        break
      }
      if event.type == "exited" {
        isClosed = true
        return
      }
      handle(event)
    }
    // What is queued already (the proxy's last lines, the engine's last events) belongs before
    // whatever the caller does next.
    while !isClosed, let event = helper.events.pop(before: Date()) {
      if event.type == "exited" {
        isClosed = true
        return
      }
      handle(event)
    }
  }

  private func reportUnsettled(seconds: Double) {
    if loading {
      onEvent(WebViewEvent("loadtimeout", [("seconds", .number(seconds))]))
      stop(reason: "the page did not finish loading within \(seconds) s")
      return
    }
    let resources = loadingResources.sorted { $0.key < $1.key }.map(\.value)
    for url in awaitedNavigations + resources {
      onEvent(WebViewEvent("loadtimeout", [("seconds", .number(seconds)), ("url", .string(url))]))
    }
    endNavigations()
    loadingResources.removeAll()
  }

  /// A resource load started or ended in the engine.
  func resourceChanged(_ event: WebViewEvent) {
    guard case .number(let number)? = event["id"], let id = Int(exactly: number) else { return }
    if event.string("phase") == "started" {
      loadingResources[id] = event.string("url") ?? ""
    } else {
      loadingResources[id] = nil
    }
  }

  /// An allowed navigation: its document's answer is awaited. A redirect replaces the navigation
  /// it came from (the latest awaited one: WebKit does not say which frame either is for).
  func navigationDecided(url: String, allowed: Bool, newWindow: Bool, redirect: Bool) {
    if redirect, let source = awaitedNavigations.popLast() { releaseRequests(for: source) }
    guard allowed, !newWindow, let scheme = URL(string: url)?.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return }
    awaitedNavigations.append(url)
  }

  /// The proxy answered a request: held while it is an awaited navigation's document.
  func requestAnswered(_ event: WebViewEvent) {
    if let url = event.string("url"), awaitedNavigations.contains(url) {
      heldRequests.append(event)
    } else {
      onEvent(event)
    }
  }

  /// The engine got the answer to a navigation's document (`response`, from the helper).
  func responseArrived(url: String) {
    if let index = awaitedNavigations.firstIndex(of: url) { awaitedNavigations.remove(at: index) }
    releaseRequests(for: url)
  }

  /// The main frame's load ended (finished, failed, stopped): nothing of it is awaited any more.
  func endNavigations() {
    awaitedNavigations.removeAll()
    let held = heldRequests
    heldRequests.removeAll()
    for event in held { onEvent(event) }
  }

  private func releaseRequests(for url: String) {
    let released = heldRequests.filter { $0.string("url") == url }
    heldRequests.removeAll { $0.string("url") == url }
    for event in released { onEvent(event) }
  }
}
