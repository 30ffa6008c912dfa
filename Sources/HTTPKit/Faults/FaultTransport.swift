import Foundation
import Synchronization

/// A fault injected into one request, as reported to the transport's observer.
public struct InjectedFault: Sendable, Equatable {
  /// The position of the rule that applied, from 0.
  public var rule: Int
  /// The fault.
  public var fault: Fault
  /// The request it hit.
  public var method: String
  /// The request's URL.
  public var url: URL
  /// The request's kind, when known.
  public var kind: RequestKind?
  /// Which match of the rule by the same request this is, from 1.
  public var match: Int
}

/// Wraps a transport (the network, a recording, a replay) and injects the faults of a plan into
/// the requests its rules match.
///
/// Delays, timeouts and slow bodies take virtual time when `VirtualLatency.current` is bound
/// at `perform` (they are added there and the answer is given at once), else real time. Every
/// injected fault is reported to `observer` from within `perform`, before the answer. Any thread.
public final class FaultTransport: HTTPTransport, Sendable {
  /// The plan.
  public let plan: FaultPlan
  /// Where requests go, faults permitting.
  public let upstream: any HTTPTransport
  private let observer: @Sendable (InjectedFault) -> Void
  /// Matches so far by rule and request key.
  private let matches = Mutex<[String: Int]>([:])

  /// Injects `plan`'s faults into what goes to `upstream`, telling `observer` of each.
  public init(
    plan: FaultPlan, upstream: any HTTPTransport,
    observer: @escaping @Sendable (InjectedFault) -> Void = { _ in }
  ) {
    self.plan = plan
    self.upstream = upstream
    self.observer = observer
  }

  /// Performs the exchange with the fault of the first rule that applies to it, if any.
  public func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    guard let injected = decide(request) else {
      upstream.perform(request, limits: limits, completion: completion)
      return
    }
    observer(injected)
    apply(
      injected.fault, to: request, limits: limits, latency: VirtualLatency.current, completion: completion)
  }

  /// The fault for `request`: the first rule that matches it and applies to this match.
  private func decide(_ request: HTTPRequest) -> InjectedFault? {
    let key = RequestKey(method: request.method, url: request.url).description
    return matches.withLock { matches in
      for (index, rule) in plan.rules.enumerated() where rule.matches(request) {
        let counter = "\(index) \(key)"
        let count = (matches[counter] ?? 0) + 1
        matches[counter] = count
        if rule.applies(toMatch: count) {
          return InjectedFault(
            rule: index, fault: rule.fault, method: request.method, url: request.url, kind: request.kind,
            match: count)
        }
      }
      return nil
    }
  }

  private func apply(
    _ fault: Fault, to request: HTTPRequest, limits: HTTPLimits, latency: VirtualLatency?,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    let url = request.url
    let timedOut = Result<HTTPResponse, HTTPError>.failure(.timeout(url, seconds: request.timeout))
    let later: @Sendable (Double, Result<HTTPResponse, HTTPError>) -> Void = { seconds, result in
      Self.deliver(result, after: seconds, latency: latency, completion)
    }
    switch fault {
    case .timeout:
      later(request.timeout, timedOut)
    case .delay(let seconds) where seconds >= request.timeout:
      later(request.timeout, timedOut)
    case .refuse:
      completion(.failure(.network(url, "connection refused (injected fault)")))
    case .status(let status):
      completion(.success(HTTPResponse(url: url, status: status, headers: ["content-length": "0"])))
    default:
      upstream.perform(request, limits: limits) { result in
        guard case .success(var response) = result else { return completion(result) }
        switch fault {
        case .delay(let seconds):
          later(seconds, .success(response))
        case .reset:
          completion(.failure(.network(url, "connection reset by peer mid-body (injected fault)")))
        case .emptyBody:
          response.body = Data()
          completion(.success(response))
        case .truncate(let bytes):
          response.body = response.body.prefix(bytes)
          completion(.success(response))
        case .slowBody(let rate):
          let seconds = Double(response.body.count) / rate
          seconds >= request.timeout ? later(request.timeout, timedOut) : later(seconds, .success(response))
        case .corrupt:
          response.body = Self.corrupted(response.body)
          completion(.success(response))
        case .contentType(let type):
          response.headers["content-type"] = type
          completion(.success(response))
        case .timeout, .refuse, .status:
          completion(.success(response))
        }
      }
    }
  }

  /// Every 16th byte from the 8th with its top bit flipped: no longer UTF-8 text, same length.
  static func corrupted(_ body: Data) -> Data {
    var bytes = [UInt8](body)
    for index in stride(from: 7, to: bytes.count, by: 16) { bytes[index] ^= 0x80 }
    return Data(bytes)
  }

  private static func deliver(
    _ result: Result<HTTPResponse, HTTPError>, after seconds: Double, latency: VirtualLatency?,
    _ completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    if let latency {
      latency.add(seconds)
      completion(result)
    } else {
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { completion(result) }
    }
  }
}
