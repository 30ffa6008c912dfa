import Foundation
import Synchronization

/// Loads URLs: checks them against the transport policy, reads `file:` URLs itself when
/// allowed, and hands `http(s)` to its transport. Any thread.
public final class HTTPClient: Sendable {
  /// The policy every URL (and redirect target) must pass.
  public let policy: TransportPolicy
  /// Seconds a request may take unless the call gives its own timeout.
  public let timeout: Double
  /// Redirect limit and body cap.
  public let limits: HTTPLimits
  /// Where `http(s)` exchanges go.
  public let transport: any HTTPTransport

  /// A client; defaults: 5 s timeout, 5 redirects, 4 MiB body cap, the shared network transport.
  public init(
    policy: TransportPolicy = TransportPolicy(), timeout: Double = 5, maxRedirects: Int = 5,
    maxBodyBytes: Int = 4 << 20, transport: any HTTPTransport = URLSessionTransport.shared
  ) {
    self.policy = policy
    self.timeout = timeout
    self.limits = HTTPLimits(maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes, policy: policy)
    self.transport = transport
  }

  /// The same client, answering a redirect with its 3xx (and `Location`) instead of following it.
  public func answeringRedirects() -> HTTPClient {
    var limits = limits
    limits.followsRedirects = false
    return HTTPClient(policy: policy, timeout: timeout, limits: limits, transport: transport)
  }

  private init(policy: TransportPolicy, timeout: Double, limits: HTTPLimits, transport: any HTTPTransport) {
    self.policy = policy
    self.timeout = timeout
    self.limits = limits
    self.transport = transport
  }

  /// Sends a request; the completion runs once, on any thread.
  public func send(
    _ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    do {
      try policy.check(request.url)
    } catch {
      completion(.failure(error))
      return
    }
    if request.url.isFileURL {
      // Only regular files are read, so a read cannot block; the timeout holds all the same.
      let limits = limits
      let once = CompletionOnce(completion)
      DispatchQueue.global().async { once.complete(Self.readFile(request.url, limits: limits)) }
      DispatchQueue.global().asyncAfter(deadline: .now() + max(0.001, request.timeout)) {
        once.complete(.failure(.timeout(request.url, seconds: request.timeout)))
      }
      return
    }
    transport.perform(request, limits: limits, completion: completion)
  }

  /// Sends a request.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let result = await withCheckedContinuation { continuation in
      send(request) { continuation.resume(returning: $0) }
    }
    return try result.get()
  }

  /// GETs a URL (any status is returned; see `fetch` for success only).
  public func get(_ url: URL, timeout: Double? = nil, kind: RequestKind? = nil) async throws(HTTPError)
    -> HTTPResponse
  {
    try await send(HTTPRequest(url: url, timeout: timeout ?? self.timeout, kind: kind))
  }

  /// GETs a URL; the completion runs once, on any thread.
  public func get(
    _ url: URL, timeout: Double? = nil,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    send(HTTPRequest(url: url, timeout: timeout ?? self.timeout), completion: completion)
  }

  /// GETs a URL and returns the body of a 2xx answer; other statuses are `HTTPError.status`.
  public func fetch(_ url: URL, timeout: Double? = nil, kind: RequestKind? = nil) async throws(HTTPError)
    -> Data
  {
    let response = try await get(url, timeout: timeout, kind: kind)
    guard response.isSuccess else { throw .status(url, response.status) }
    return response.body
  }

  private static func readFile(_ url: URL, limits: HTTPLimits) -> Result<HTTPResponse, HTTPError> {
    do {
      return .success(
        HTTPResponse(url: url, status: 200, body: try LocalFile.read(url.path, maxBytes: limits.maxBodyBytes))
      )
    } catch .tooLarge {
      return .failure(.bodyTooLarge(url, limit: limits.maxBodyBytes))
    } catch {
      return .failure(.network(url, "cannot read the file: \(error)"))
    }
  }
}

/// A completion that runs once, whichever of several racing outcomes comes first.
private final class CompletionOnce: Sendable {
  private let completion: Mutex<(@Sendable (Result<HTTPResponse, HTTPError>) -> Void)?>

  init(_ completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
    self.completion = Mutex(completion)
  }

  func complete(_ result: Result<HTTPResponse, HTTPError>) {
    let pending = completion.withLock { completion in
      defer { completion = nil }
      return completion
    }
    pending?(result)
  }
}
