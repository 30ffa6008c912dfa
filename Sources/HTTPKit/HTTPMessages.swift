import Foundation

/// A request for an `HTTPTransport`.
public struct HTTPRequest: Sendable, Equatable {
  /// The URL to load.
  public var url: URL
  /// The method; `GET` by default.
  public var method: String
  /// Header fields to send.
  public var headers: [String: String]
  /// The body, for methods that carry one.
  public var body: Data?
  /// What the request is for, when the host knows (fault plans match on it).
  public var kind: RequestKind?
  /// Seconds until the whole exchange must be complete, kept within 0.001…`maxTimeout` (NaN
  /// reads as 5): URLSession traps on an infinite timeout.
  public var timeout: Double {
    get { boundedTimeout }
    set { boundedTimeout = newValue.isNaN ? 5 : min(max(newValue, 0.001), Self.maxTimeout) }
  }
  private var boundedTimeout = 5.0

  /// The longest timeout a request keeps: one hour.
  public static let maxTimeout = 3600.0

  /// A request; `timeout` in seconds.
  public init(
    url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
    timeout: Double = 5, kind: RequestKind? = nil
  ) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.kind = kind
  }
}

/// A complete response.
public struct HTTPResponse: Sendable, Equatable {
  /// The URL that answered (after redirects).
  public var url: URL
  /// The status code (200 for a `file:` read).
  public var status: Int
  /// Header fields, names in lower case.
  public var headers: [String: String]
  /// The body.
  public var body: Data
  /// When the body is a media segment a recording kept trimmed (docs/http.md): the size of the
  /// whole body as it was recorded. Nil for any other answer.
  public var trimmedFrom: Int?
  /// The redirects followed to `url`, in order: each URL that answered with a redirect and its
  /// 3xx status (empty when the first URL answered, and for an answer from a recording, which
  /// keeps the final answer only).
  public var redirects: [HTTPRedirect] = []

  /// A response.
  public init(
    url: URL, status: Int, headers: [String: String] = [:], body: Data = Data(), trimmedFrom: Int? = nil
  ) {
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.trimmedFrom = trimmedFrom
  }

  /// True for a status in 200–299.
  public var isSuccess: Bool { (200..<300).contains(status) }
}

/// One redirect followed: the URL that answered with it, and its status (301, 302, 303, 307, 308).
public struct HTTPRedirect: Sendable, Equatable {
  /// The URL that redirected.
  public var url: URL
  /// Its 3xx status.
  public var status: Int

  /// A redirect.
  public init(url: URL, status: Int) {
    self.url = url
    self.status = status
  }
}

/// The limits a transport enforces on one exchange.
public struct HTTPLimits: Sendable, Equatable {
  /// Redirects followed at most; one more is an error.
  public var maxRedirects: Int
  /// Body bytes accepted at most; the transfer is cancelled past it.
  public var maxBodyBytes: Int
  /// The policy each redirect target must pass.
  public var policy: TransportPolicy
  /// Whether redirects are followed; when false a redirect is the answer (its 3xx and `Location`),
  /// for a caller that follows it itself (the web engine's proxy: WebKit asks its policy first).
  public var followsRedirects = true

  /// Limits: 5 redirects, 4 MiB body, default policy unless given.
  public init(maxRedirects: Int = 5, maxBodyBytes: Int = 4 << 20, policy: TransportPolicy = TransportPolicy())
  {
    self.maxRedirects = maxRedirects
    self.maxBodyBytes = maxBodyBytes
    self.policy = policy
  }
}

/// Carries out HTTP exchanges: the network, a recording of it, or a replay.
///
/// `perform` calls `completion` exactly once, on any thread.
public protocol HTTPTransport: Sendable {
  /// Performs one exchange within `limits`.
  func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void)
}
