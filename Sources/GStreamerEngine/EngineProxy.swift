import Foundation
import HTTPKit
import LoopbackHTTP
import Synchronization

/// The engine's proxy: a server on 127.0.0.1 that the helper's `http_proxy` names, so that every
/// request GStreamer makes (souphttpsrc's playlist, and hlsdemux2's and dashdemux2's own libsoup
/// session: playlists, segments, keys, init segments) arrives here. Each is answered through the
/// host's HTTP client — its transport records, replays, maps hosts and injects faults as the run
/// asked, its policy is the ATS rule — and logged (`requests`). Each request gets its kind from its
/// URL (`playlist`, `segment`), for fault rules. A segment replayed trimmed (a recording made
/// without `--keep-media`) is not handed to the engine, which cannot decode it: it is answered 502
/// and `refused` is told why, with the fix. Each playlist or MPD answered (2xx) goes to `fetched`,
/// each media segment's timed metadata to `tagged`. The last segment of a short VOD playlist
/// waits for the engine's first output (`EngineOutputGate`). Any thread.
final class EngineProxy: Sendable {
  private let server: LoopbackServer
  private let log = RequestLog()

  /// The proxy's URI for `http_proxy`: `http://127.0.0.1:<port>`.
  var uri: String { "http://127.0.0.1:\(server.port)" }

  /// Every request answered so far, in the order they were answered.
  var requests: [EngineRequest] { log.entries }

  init(
    http: HTTPClient, gate: EngineOutputGate, refused: @escaping @Sendable (String) -> Void,
    tagged: @escaping @Sendable (EngineTags) -> Void,
    fetched: @escaping @Sendable (EnginePlaylist) -> Void
  ) throws(GStreamerEngineFailure) {
    // A redirect goes back to the engine, which requests its target through here again.
    let http = http.answeringRedirects()
    do {
      server = try LoopbackServer(maxConnections: 64, keepsRequests: false)
    } catch {
      throw .cannotStart("cannot start the engine's loopback proxy: \(error)")
    }
    let log = log
    let tagReader = EngineTagReader()
    server.fallback { request in
      gate.waitIfHeld(request.target)
      let (response, entry) = Self.forward(request, http: http)
      log.append(entry)
      if let error = entry.error, entry.trimmed { refused(error) }
      guard response.status / 100 == 2 else { return response }
      switch RequestKind(contentURL: URL(string: entry.url) ?? URL(fileURLWithPath: "/")) {
      case .segment:
        if let tags = tagReader.read([UInt8](response.body), url: entry.url) { tagged(tags) }
      case .playlist:
        gate.playlist([UInt8](response.body), url: entry.url)
        fetched(EnginePlaylist(url: entry.url, body: [UInt8](response.body)))
      default: break
      }
      return response
    }
  }

  func stop() { server.stop() }

  private static func forward(_ request: LoopbackRequest, http: HTTPClient) -> (
    LoopbackResponse, EngineRequest
  ) {
    guard let url = URL(string: request.target), url.scheme == "http" else {
      let entry = EngineRequest(
        method: request.method, url: request.target, status: nil,
        error: "not a proxy request for an http URL (https sources are refused)")
      return (.text("adhost: not a proxy request: \(request.target)", status: 400), entry)
    }
    var headers: [String: String] = [:]
    for (name, value) in request.headers where !hopByHop.contains(name.lowercased()) {
      headers[name] = value
    }
    let outgoing = HTTPRequest(
      url: url, method: request.method, headers: headers, body: request.body.isEmpty ? nil : request.body,
      timeout: http.timeout, kind: RequestKind(contentURL: url))
    let answer = Answer()
    http.send(outgoing) { answer.set($0) }
    switch answer.wait() {
    case .success(let response) where response.trimmedFrom != nil:
      let why = Self.trimmedRefusal(url)
      var entry = EngineRequest(method: request.method, url: url.absoluteString, status: nil, error: why)
      entry.trimmed = true
      return (.text("adhost: \(why)", status: 502), entry)
    case .success(let response):
      let passed = response.headers.compactMap { name, value in
        ["content-type", "location"].contains(name.lowercased()) ? (name: name, value: value) : nil
      }
      return (
        LoopbackResponse(status: response.status, headers: passed, body: response.body),
        EngineRequest(method: request.method, url: url.absoluteString, status: response.status, error: nil)
      )
    case .failure(let error):
      return (
        .text("adhost: \(error)", status: 502),
        EngineRequest(method: request.method, url: url.absoluteString, status: nil, error: "\(error)")
      )
    }
  }

  /// Why a trimmed segment is refused, and the fix.
  static func trimmedRefusal(_ url: URL) -> String {
    "\(url.absoluteString): the recording keeps this media segment trimmed (its samples left out), "
      + "which the gstreamer engine cannot decode; record it again with --record DIR --keep-media"
  }

  private static let hopByHop: Set<String> = [
    "connection", "proxy-connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade",
    "proxy-authorization", "host", "accept-encoding",
  ]
}

/// The requests answered, in order. Any thread.
private final class RequestLog: Sendable {
  private let stored = Mutex<[EngineRequest]>([])
  var entries: [EngineRequest] { stored.withLock { $0 } }
  func append(_ entry: EngineRequest) { stored.withLock { $0.append(entry) } }
}

/// The one result of a request, handed from the client's thread to the proxy's connection.
// why: a semaphore hands the one result over; `result` is written once, before the signal.
private final class Answer: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<HTTPResponse, HTTPError>?

  func set(_ result: Result<HTTPResponse, HTTPError>) {
    self.result = result
    done.signal()
  }

  func wait() -> Result<HTTPResponse, HTTPError> {
    done.wait()
    return result ?? .failure(.network(URL(fileURLWithPath: "/"), "no answer"))
  }
}
