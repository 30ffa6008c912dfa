import CheckedNumbers
import Foundation
import HTTPKit
import Synchronization

extension WebView {
  /// Loads a URL as WKWebView's `load(URLRequest)` would, except that the host fetches the
  /// document itself (through its HTTP client: logged, ATS, recorded and replayed) and hands it
  /// to WebKit with the URL as the document's address, so the page's origin is the URL's.
  /// Returns when the page finished loading, failed, or was stopped at the load deadline.
  public func load(_ url: URL) throws(WebViewError) {
    guard !isClosed else { throw .closed }
    let request = HTTPRequest(url: url, timeout: min(http.timeout, configuration.loadTimeout))
    let done = DispatchSemaphore(value: 0)
    let box = FetchBox()
    http.send(request) { result in
      box.set(result)
      done.signal()
    }
    done.wait()
    switch box.value {
    case .success(let response)?:
      onEvent(
        WebViewEvent(
          "request",
          [
            ("method", .string("GET")), ("url", .string(url.absoluteString)),
            ("status", .number(Double(response.status))),
          ]))
      guard response.isSuccess else {
        onEvent(
          WebViewEvent(
            "loadfail",
            [("url", .string(url.absoluteString)), ("message", .string("HTTP \(response.status)"))]))
        return
      }
      try loadHTML(String(decoding: response.body, as: UTF8.self), baseURL: response.url)
    case .failure(let error)?:
      onEvent(
        WebViewEvent(
          "request",
          [("method", .string("GET")), ("url", .string(url.absoluteString)), ("error", .string("\(error)"))]))
      onEvent(
        WebViewEvent("loadfail", [("url", .string(url.absoluteString)), ("message", .string("\(error)"))]))
    case nil: return
    }
  }

  /// Shows `html` as the document at `baseURL`; returns as `load` does.
  public func loadHTML(_ html: String, baseURL: URL) throws(WebViewError) {
    // The helper reads each command as one line: a document is bounded like every line.
    guard html.utf8.count <= Self.maxDocumentBytes else {
      throw .refused(
        "the document is \(html.utf8.count) bytes, over the \(Self.maxDocumentBytes >> 20) MiB a view takes")
    }
    try send(["cmd": "loadHTML", "html": html, "baseURL": baseURL.absoluteString])
    try awaitLoad()
    settleLoads()
  }

  /// The largest document `loadHTML` (and `load`) hands to the engine.
  public static let maxDocumentBytes = 32 << 20

  /// Waits until the running load (if one starts) ends; stops the page at the load deadline.
  func awaitLoad() throws(WebViewError) {
    do {
      try waitFor(type: "load", seconds: configuration.loadTimeout) { $0.string("phase") == "finished" }
    } catch .timeout {
      onEvent(
        WebViewEvent("loadtimeout", [("seconds", .number(configuration.loadTimeout))]))
      stop(reason: "the page did not finish loading within \(configuration.loadTimeout) s")
    } catch {
      throw error
    }
  }

  /// A left click at (x, y), as real input events (GDK button events into WebKit, which the page
  /// sees as a user gesture). Returns once the page handled it, and once a load it set off ended.
  public func click(x: Double, y: Double) throws(WebViewError) {
    try send(["cmd": "click", "x": x, "y": y])
    try waitFor(type: "clicked", seconds: configuration.commandTimeout)
    onEvent(WebViewEvent("click", [("x", .number(x)), ("y", .number(y))]))
    try settle()
  }

  /// Waits until the page handled what was sent to it (WebKit may hold back queued input events
  /// until the previous one was handled: a round trip per event of a click), then until what it
  /// set off reached a defined point (`settleLoads`). A page that does not answer (it loops in
  /// JavaScript) is stopped.
  public func settle() throws(WebViewError) {
    do {
      for _ in 0..<3 { try sync() }
    } catch .timeout {
      stop(reason: "the page did not answer within \(configuration.commandTimeout) s")
      return
    } catch {
      throw error
    }
    settleLoads()
  }

  /// Handles events until one of `type` comes (returned) or `seconds` passed (nil).
  @discardableResult
  public func waitForEvent(_ type: String, seconds: Double) throws(WebViewError) -> WebViewEvent? {
    guard !isClosed else { throw .closed }
    var seen: WebViewEvent?
    let observer = onEvent
    onEvent = { event in
      if seen == nil && event.type == type { seen = event }
      observer(event)
    }
    defer { onEvent = observer }
    let deadline = Date(timeIntervalSinceNow: seconds)
    while seen == nil && Date() < deadline {
      do {
        try waitFor(type: "never", seconds: 0.05) { _ in false }
      } catch .timeout {
        continue
      } catch {
        throw error
      }
    }
    return seen
  }

  /// Saves what the view shows as a PNG at `path`; returns its size in pixels.
  @discardableResult
  public func screenshot(to path: String) throws(WebViewError) -> (width: Int, height: Int) {
    let absolute = URL(fileURLWithPath: path).path
    try send(["cmd": "screenshot", "path": absolute])
    let event: WebViewEvent
    do {
      event = try waitFor(type: "screenshot", seconds: configuration.commandTimeout) {
        $0.string("path") == absolute
      }
    } catch .timeout {
      stop(reason: "the page did not draw a screenshot within \(configuration.commandTimeout) s")
      throw .timeout("screenshot \(path): the page did not answer; it was stopped")
    }
    if let error = event.string("error") { throw .engine("screenshot \(path): \(error)") }
    guard case .number(let width)? = event["width"], case .number(let height)? = event["height"] else {
      throw .engine("screenshot \(path): no size")
    }
    let size = (
      width: Int.checked(width, rounding: .toNearestOrAwayFromZero, in: 0...65536) ?? 0,
      height: Int.checked(height, rounding: .toNearestOrAwayFromZero, in: 0...65536) ?? 0
    )
    onEvent(
      WebViewEvent(
        "screenshot",
        [("path", .string(path)), ("width", .number(width)), ("height", .number(height))]))
    return size
  }
}

/// A fetch's result, handed from the client's thread to the waiting one.
private final class FetchBox: Sendable {
  private let stored = Mutex<Result<HTTPResponse, HTTPError>?>(nil)
  var value: Result<HTTPResponse, HTTPError>? { stored.withLock { $0 } }
  func set(_ result: Result<HTTPResponse, HTTPError>) { stored.withLock { $0 = result } }
}
