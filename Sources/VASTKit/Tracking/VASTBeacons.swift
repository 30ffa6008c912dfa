import Foundation
import HTTPKit

/// The outcome of one beacon (a tracking, impression or error URL sent as HTTP GET).
public struct VASTBeacon: Sendable, Equatable, Codable {
  /// What it reports: `impression`, `start`, `firstQuartile`, `progress`, `error`, …
  public var event: String
  /// The URL as sent (macros replaced).
  public var url: String
  /// The HTTP status, when the server answered.
  public var status: Int?
  /// Why it failed, when it did (no answer after every attempt, or refused by policy).
  public var failure: String?
  /// How many times it was sent.
  public var attempts: Int
  /// The macros its URL had whose values were unknown, sent as `-1` (nil when none).
  public var unknownMacros: [String]?

  /// A beacon record.
  public init(
    event: String, url: String, status: Int?, failure: String?, attempts: Int, unknownMacros: [String]? = nil
  ) {
    self.event = event
    self.url = url
    self.status = status
    self.failure = failure
    self.attempts = attempts
    self.unknownMacros = unknownMacros
  }
}

/// Receives every beacon record once it is settled; may run on any thread.
public typealias VASTBeaconSink = @Sendable (VASTBeacon) -> Void

/// Sends beacons concurrently, retrying network failures a bounded number of times, and reports
/// every one to a sink. Any thread.
public final class VASTBeaconSender: Sendable {
  /// The client beacons go through (its policy applies).
  public let client: HTTPClient
  /// Sends per beacon at most (1 = no retry).
  public let maxAttempts: Int
  /// Seconds between attempts.
  public let retryDelay: Double
  /// Seconds each attempt may take.
  public let timeout: Double
  private let sink: VASTBeaconSink

  /// A sender; defaults: 3 attempts, 0.5 s apart, 5 s each.
  public init(
    client: HTTPClient, maxAttempts: Int = 3, retryDelay: Double = 0.5, timeout: Double = 5,
    sink: @escaping VASTBeaconSink = { _ in }
  ) {
    self.client = client
    self.maxAttempts = max(1, maxAttempts)
    self.retryDelay = max(0, retryDelay)
    self.timeout = timeout
    self.sink = sink
  }

  /// Sends every URL at once (macros expanded with `context`) and returns when all are settled.
  @discardableResult
  public func send(event: String, urls: [String], context: VASTMacroContext) async -> [VASTBeacon] {
    let expanded = urls.map { VASTMacros.expandNamingUnknown($0, context) }
    return await VirtualLatency.concurrently(expanded) { url in
      await self.sendOne(event: event, url: url.url, unknownMacros: url.unknown.isEmpty ? nil : url.unknown)
    }
  }

  /// Sends every URL at once; `completion` (optional) runs on any thread when all are settled.
  public func send(
    event: String, urls: [String], context: VASTMacroContext,
    completion: (@Sendable ([VASTBeacon]) -> Void)? = nil
  ) {
    Task {
      let beacons = await send(event: event, urls: urls, context: context)
      completion?(beacons)
    }
  }

  private func sendOne(event: String, url text: String, unknownMacros: [String]?) async -> VASTBeacon {
    let settled = { (status: Int?, failure: String?, attempts: Int) in
      self.report(
        VASTBeacon(
          event: event, url: text, status: status, failure: failure, attempts: attempts,
          unknownMacros: unknownMacros))
    }
    guard let url = URL(string: text.trimmingWhitespace()), url.scheme != nil else {
      return settled(nil, "not a URL", 0)
    }
    var attempts = 0
    while true {
      attempts += 1
      do {
        let response = try await client.get(url, timeout: timeout, kind: .beacon)
        return settled(response.status, nil, attempts)
      } catch {
        let retryable: Bool
        switch error {
        case .network, .timeout: retryable = true
        default: retryable = false
        }
        if !retryable || attempts >= maxAttempts {
          return settled(nil, error.description, attempts)
        }
        // On a virtual clock the pause is virtual time (see `VirtualLatency`), not a sleep.
        await VirtualLatency.wait(retryDelay)
      }
    }
  }

  private func report(_ beacon: VASTBeacon) -> VASTBeacon {
    sink(beacon)
    return beacon
  }
}
