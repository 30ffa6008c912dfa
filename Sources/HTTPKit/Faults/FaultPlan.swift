import Foundation

/// What a request is for, as the host knows it when it makes the request; fault rules match on it.
public enum RequestKind: String, Sendable, CaseIterable {
  /// A VAST tag or document a plugin or the client-side ads load.
  case vast
  /// A wrapper's `VASTAdTagURI`.
  case wrapper
  /// An impression, tracking or error URL (a beacon).
  case beacon
  /// A stitcher's session set-up (a plugin says so with `http.post(url, body, {kind = "session"})`).
  case session
  /// A stitcher's tracking data (`http.get(url, {kind = "tracking"})`).
  case tracking
  /// An HLS playlist or DASH MPD the player reads.
  case playlist
  /// The first bytes of an ad's media file (`--check-media`).
  case media
  /// A creative resource a plugin loads (`http.get(url, {kind = "creative"})`).
  case creative
  /// An ad verification script (OMID `JavaScriptResource`) the host loads as the ad begins.
  case verification
  /// A media segment of the content the player loads (HLS, DASH).
  case segment
  /// An initialization segment (`#EXT-X-MAP`, DASH `Initialization`) the player loads.
  case initSegment = "init-segment"
}

/// One injected fault.
public enum Fault: Sendable, Equatable, CustomStringConvertible {
  /// The answer comes `seconds` late (a timeout when that reaches the request's timeout).
  case delay(Double)
  /// No answer at all: the request times out.
  case timeout
  /// The connection is refused; the server never sees the request.
  case refuse
  /// The server answers, then the connection is reset mid-body.
  case reset
  /// The server answers with this status and an empty body; the request goes no further.
  case status(Int)
  /// The answer comes with an empty body.
  case emptyBody
  /// The answer's body is cut after this many bytes.
  case truncate(Int)
  /// The body arrives at this many bytes per second (a timeout when that takes too long).
  case slowBody(Double)
  /// Bytes of the body are corrupted (every 16th byte from the 8th has its top bit flipped).
  case corrupt
  /// The answer carries this `Content-Type`.
  case contentType(String)

  /// The fault as the log shows it.
  public var description: String {
    switch self {
    case .delay(let seconds): return "delay \(Self.number(seconds)) s"
    case .timeout: return "timeout"
    case .refuse: return "connection refused"
    case .reset: return "connection reset mid-body"
    case .status(let status): return "status \(status)"
    case .emptyBody: return "empty body"
    case .truncate(let bytes): return "body truncated after \(bytes) bytes"
    case .slowBody(let rate): return "slow body, \(Self.number(rate)) bytes/s"
    case .corrupt: return "corrupted bytes"
    case .contentType(let type): return "Content-Type \(type)"
    }
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(format: "%.0f", value) : String(value)
  }
}

/// A rule of a fault plan: which requests it matches and the fault it applies.
public struct FaultRule: Sendable, Equatable {
  /// A URL pattern (`*` matches any run of characters; the whole URL must match); nil matches any.
  public var url: String?
  /// The request kind; nil matches any (and requests of no known kind).
  public var kind: RequestKind?
  /// The method (upper case); nil matches any.
  public var method: String?
  /// The fault applied.
  public var fault: Fault
  /// Applies only the Nth time the same request (its `RequestKey`) matches the rule.
  public var nth: Int?
  /// Applies only the first N times the same request matches the rule.
  public var first: Int?

  /// A rule.
  public init(
    url: String? = nil, kind: RequestKind? = nil, method: String? = nil, fault: Fault, nth: Int? = nil,
    first: Int? = nil
  ) {
    self.url = url
    self.kind = kind
    self.method = method
    self.fault = fault
    self.nth = nth
    self.first = first
  }

  /// Whether the rule matches `request` (counting aside).
  func matches(_ request: HTTPRequest) -> Bool {
    if let kind, request.kind != kind { return false }
    if let method, request.method.uppercased() != method { return false }
    if let url, !Self.glob(url, matches: request.url.absoluteString) { return false }
    return true
  }

  /// Whether the `count`th match (from 1) of the same request gets the fault.
  func applies(toMatch count: Int) -> Bool {
    if let nth, count != nth { return false }
    if let first, count > first { return false }
    return true
  }

  /// `*` matches any run of characters; every other character matches itself.
  static func glob(_ pattern: String, matches text: String) -> Bool {
    let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
    guard pieces.count > 1 else { return text == pattern }
    var rest = Substring(text)
    guard let head = pieces.first, rest.hasPrefix(head) else { return false }
    rest = rest.dropFirst(head.count)
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let range = rest.range(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    guard let tail = pieces.last else { return true }
    return rest.count >= tail.count && rest.hasSuffix(tail)
  }
}

/// Rules that inject faults into requests (`adhost run --faults FILE`, a scenario's `faults`):
/// the first rule that matches a request and applies to it decides its fault.
public struct FaultPlan: Sendable, Equatable {
  /// The rules, in the order they are tried.
  public var rules: [FaultRule]

  /// A plan.
  public init(rules: [FaultRule]) { self.rules = rules }
}
