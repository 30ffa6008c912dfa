import Foundation
import HTTPKit

/// One WebKit view (WebKitGTK in the `adhost-webview` helper, on a private Xvfb display),
/// configured as the OMNIBOX guide configures its WKWebView: inline media, media without a user
/// action, a transparent background, no scrolling. Every call blocks the calling thread until the
/// engine answered or its deadline passed; events go to `onEvent` as they happen, and each
/// navigation to `policy` for a decision. Host thread only.
public final class WebView {
  /// The view's size and its deadlines.
  public struct Configuration: Sendable {
    /// The view's size in CSS pixels.
    public var width: Int
    public var height: Int
    /// Seconds a load may take before it is stopped and reported (`loadtimeout`).
    public var loadTimeout = 10.0
    /// Seconds the engine may take for anything else (a screenshot, a click's round trip).
    public var commandTimeout = 5.0
    /// The memory the view's web process may use, in MiB: WebKit's memory-pressure handler
    /// releases caches on the way and ends the process past it (`terminated`, "exceeded its
    /// memory limit").
    public var webProcessMemoryMB = Configuration.defaultWebProcessMemoryMB
    /// The default `webProcessMemoryMB`: far above what a display creative needs, far below what
    /// a runaway one would take of the machine.
    public static let defaultWebProcessMemoryMB = 1024
    /// The range `webProcessMemoryMB` may take.
    public static let webProcessMemoryRange = 128...65536

    /// A configuration of this size and the default deadlines.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// Decides each navigation; allows everything until set.
  public var policy: (NavigationRequest) -> NavigationDecision = { _ in .allow }
  /// Gets every event, in order.
  public var onEvent: (WebViewEvent) -> Void = { _ in }
  /// The configuration it was opened with.
  public let configuration: Configuration
  /// Whether the view is closed (natively; the page cannot close it).
  public internal(set) var isClosed = false

  let http: HTTPClient
  let helper: HelperProcess
  let proxy: LoopbackProxy
  private var nextToken = 1
  /// Whether a load runs now (started, neither finished nor failed).
  var loading = false
  /// The http(s) navigations the policy allowed whose main resource has no answer yet (the
  /// engine's `response`), in the order they were allowed.
  var awaitedNavigations: [String] = []
  /// The proxy's `request` events for awaited navigations, held until the engine's `response`
  /// (so that a navigation's `loadstart` always comes before its document's `request`).
  var heldRequests: [WebViewEvent] = []
  /// The engine's resource loads under way (`resource` events): id → URL.
  var loadingResources: [Int: String] = [:]

  /// Opens a view: starts the display, the helper and the proxy.
  public init(configuration: Configuration, http: HTTPClient) throws(WebViewError) {
    guard (1...8192).contains(configuration.width), (1...8192).contains(configuration.height) else {
      throw .engine("a view's size must be 1…8192 pixels, got \(configuration.width)x\(configuration.height)")
    }
    guard Configuration.webProcessMemoryRange.contains(configuration.webProcessMemoryMB) else {
      throw .engine(
        "a view's web process memory must be 128…65536 MiB, got \(configuration.webProcessMemoryMB)")
    }
    self.configuration = configuration
    self.http = http
    helper = try HelperProcess(width: configuration.width, height: configuration.height)
    do {
      let helper = helper
      let seconds = configuration.commandTimeout
      proxy = try LoopbackProxy(http: http, events: helper.events) {
        helper.trust(host: $0, seconds: seconds)
      }
    } catch {
      helper.kill()
      throw error
    }
    do {
      try waitFor(type: "ready", seconds: 15)
      var open: [String: Any] = [
        "cmd": "open", "width": configuration.width, "height": configuration.height, "proxy": proxy.uri,
        "memoryMB": configuration.webProcessMemoryMB, "proxyUser": proxy.credentials.user,
        "proxySecret": proxy.credentials.secret,
      ]
      open["certificate"] = proxy.certificatePEM
      helper.send(open)
      try waitFor(type: "opened", seconds: 15)
    } catch {
      helper.kill()
      proxy.stop()
      throw error
    }
  }

  deinit { if !isClosed { shutDown() } }

  /// Closes the view (the native close): the helper and its display end, once the navigations
  /// and requests under way reached a defined point (`settleLoads`).
  public func close(reason: String = "native") {
    guard !isClosed else { return }
    settleLoads()
    reportDroppedConsoleLines()
    shutDown()
    // What other processes sent to the proxy (refused: nothing of it was forwarded or recorded).
    for refusal in proxy.refusals.events() { onEvent(refusal) }
    onEvent(WebViewEvent("close", [("reason", .string(reason))]))
  }

  /// Stops the page: its web process ends (a page that loops in JavaScript); the view stays open
  /// and shows nothing.
  public func stop(reason: String) {
    guard !isClosed else { return }
    helper.send(["cmd": "stop"])
    loading = false
    endNavigations()
    onEvent(WebViewEvent("stopped", [("reason", .string(reason))]))
    _ = try? waitFor(type: "terminated", seconds: configuration.commandTimeout)
  }

  /// One `consoledropped` line for the console messages the helper dropped past its cap, if any.
  private func reportDroppedConsoleLines() {
    let token = nextToken
    nextToken += 1
    helper.send(["cmd": "consoleDropped", "token": token])
    guard
      let answer = try? waitFor(
        type: "consoleDropped", seconds: configuration.commandTimeout,
        where: {
          $0["token"] == .number(Double(token))
        }),
      case .number(let count)? = answer["count"], count > 0
    else { return }
    onEvent(WebViewEvent("consoledropped", [("count", .number(count))]))
  }

  private func shutDown() {
    isClosed = true
    helper.finish()
    proxy.stop()
  }

  /// Waits for an event of `type`, handling every event on the way; throws at the deadline or
  /// when the helper exits.
  @discardableResult
  func waitFor(
    type: String, seconds: Double, where matches: (WebViewEvent) -> Bool = { _ in true }
  ) throws(WebViewError) -> WebViewEvent {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while true {
      guard let event = helper.events.pop(before: deadline) else {
        throw .timeout("the engine did not answer within \(seconds) s (waiting for \(type))")
      }
      if event.type == "exited" {
        isClosed = true
        throw .engine("the engine (adhost-webview) exited")
      }
      handle(event)
      if event.type == type && matches(event) { return event }
    }
  }

  /// A round trip through the web process: what was sent to it before has been handled.
  func sync() throws(WebViewError) {
    let token = nextToken
    nextToken += 1
    helper.send(["cmd": "sync", "token": token])
    try waitFor(type: "synced", seconds: configuration.commandTimeout) {
      ($0["token"] == .number(Double(token)))
    }
  }

  func send(_ command: [String: Any]) throws(WebViewError) {
    guard !isClosed else { throw .closed }
    helper.send(command)
  }
}
