import Foundation
import Synchronization

/// A small HTTP/1.1 server bound to 127.0.0.1 only, on a port the system picks: at run time the
/// WebKit views' proxy (WebViewKit's `LoopbackProxy`), in tests the servers they start.
///
/// Routes map a path (without query) to a handler; every request is logged before it is
/// answered. One thread per connection, at most `maxConnections` at once; each connection
/// carries one request (`Connection: close`), except a `CONNECT` that a tunnel handler takes over.
/// Any thread.
public final class LoopbackServer: Sendable {
  /// A route handler: gets the request, returns what to send.
  public typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse
  /// A tunnel handler: gets a `CONNECT` request and its connected socket, and speaks on it until
  /// it returns; the server closes the socket then.
  public typealias TunnelHandler = @Sendable (LoopbackRequest, Int32) -> Void

  /// The port the server listens on (127.0.0.1).
  public let port: UInt16
  private let listener: Int32
  /// What the handlers and the connections share.
  private struct Shared {
    var routes: [String: Handler] = [:]
    var fallback: Handler = { _ in .notFound }
    var tunnel: TunnelHandler?
    var received: [LoopbackRequest] = []
    var openSockets: Set<Int32> = []
    var stopped = false
  }

  private let shared = Mutex(Shared())
  private let connections = DispatchGroup()
  private let slots: DispatchSemaphore
  private let acceptDone = DispatchSemaphore(value: 0)
  /// Whether `requests` keeps what arrived (a test's server); a long-lived server (the display
  /// proxy) keeps nothing, so its memory does not grow with the requests it answers.
  private let keepsRequests: Bool

  /// Starts listening on 127.0.0.1 at an ephemeral port; `keepsRequests: false` leaves
  /// `requests` empty.
  public init(maxConnections: Int = 32, keepsRequests: Bool = true) throws {
    self.keepsRequests = keepsRequests
    slots = DispatchSemaphore(value: maxConnections)
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw LoopbackError.socket("socket() failed: errno \(errno)") }
    var reuse: Int32 = 1
    setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socketFD, 64) == 0 else {
      close(socketFD)
      throw LoopbackError.socket("bind/listen on 127.0.0.1 failed: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
    }
    listener = socketFD
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "LoopbackServer.accept"
    thread.start()
  }

  deinit { stop() }

  /// The base URL, `http://127.0.0.1:<port>`.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// The URL of a path (with optional query) on this server.
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)" + pathAndQuery) ?? baseURL
  }

  /// Answers requests for `path` (query ignored) with `handler`.
  public func route(_ path: String, _ handler: @escaping Handler) {
    shared.withLock { $0.routes[path] = handler }
  }

  /// Answers requests no route matches (default: 404).
  public func fallback(_ handler: @escaping Handler) {
    shared.withLock { $0.fallback = handler }
  }

  /// Takes over the connections of `CONNECT` requests (default: they are answered like others).
  public func tunnel(_ handler: @escaping TunnelHandler) {
    shared.withLock { $0.tunnel = handler }
  }

  /// Every request received so far, in arrival order.
  public var requests: [LoopbackRequest] {
    shared.withLock { $0.received }
  }

  /// The requests received for one path.
  public func requests(for path: String) -> [LoopbackRequest] {
    requests.filter { $0.path == path }
  }

  /// Stops accepting, closes open connections and waits (at most 2 s) for their threads.
  public func stop() {
    let sockets: Set<Int32>? = shared.withLock { shared in
      if shared.stopped { return nil }
      shared.stopped = true
      return shared.openSockets
    }
    guard let sockets else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    for socketFD in sockets { shutdown(socketFD, Int32(SHUT_RDWR)) }
    _ = acceptDone.wait(timeout: .now() + 2)
    close(listener)
    _ = connections.wait(timeout: .now() + 2)
  }

  private var isStopped: Bool { shared.withLock { $0.stopped } }

  private func acceptLoop() {
    defer { acceptDone.signal() }
    while !isStopped {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      slots.wait()
      let admitted: Bool = shared.withLock { shared in
        if shared.stopped { return false }
        shared.openSockets.insert(client)
        return true
      }
      guard admitted else {
        close(client)
        slots.signal()
        return
      }
      connections.enter()
      let thread = Thread { [self] in
        serve(client)
        shared.withLock { _ = $0.openSockets.remove(client) }
        close(client)
        slots.signal()
        connections.leave()
      }
      thread.start()
    }
  }

  private func serve(_ client: Int32) {
    guard let request = HTTPWire.readRequest(from: client) else { return }
    let (handler, tunnel): (Handler, TunnelHandler?) = shared.withLock { shared in
      if keepsRequests { shared.received.append(request) }
      return (
        shared.routes[request.path] ?? shared.fallback, request.method == "CONNECT" ? shared.tunnel : nil
      )
    }
    if let tunnel { return tunnel(request, client) }
    let response = handler(request)
    let head = HTTPWire.head(of: response)
    let body = [UInt8](response.body)
    switch response.fault {
    case .none:
      _ = HTTPWire.send(ArraySlice(head + body), to: client)
    case .delay(let seconds):
      guard pause(seconds) else { return }
      _ = HTTPWire.send(ArraySlice(head + body), to: client)
    case .truncate(let afterBytes):
      _ = HTTPWire.send(ArraySlice(head + body.prefix(max(0, afterBytes))), to: client)
    case .closeWithoutAnswer:
      return
    case .drip(let bytes, let interval):
      let all = head + body
      var offset = 0
      while offset < all.count {
        let end = min(all.count, offset + max(1, bytes))
        guard HTTPWire.send(all[offset..<end], to: client) else { return }
        offset = end
        if offset < all.count && !pause(interval) { return }
      }
    }
  }

  /// Sleeps in short steps; false when the server stopped meanwhile.
  private func pause(_ seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if isStopped { return false }
      Thread.sleep(forTimeInterval: min(0.01, max(0, deadline.timeIntervalSinceNow)))
    }
    return !isStopped
  }
}

/// The loopback server could not start.
public enum LoopbackError: Error, CustomStringConvertible {
  /// A socket call failed.
  case socket(String)

  /// What failed.
  public var description: String {
    switch self {
    case .socket(let message): return "LoopbackServer: \(message)"
    }
  }
}
