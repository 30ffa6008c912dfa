import Foundation
import Synchronization

/// A transport that answers from a recording folder and never touches the network.
///
/// Requests match by `RequestKey` (cache-buster parameters ignored). When a key was recorded
/// several times, the answers replay in order and the last one repeats. A request with no
/// match fails with `HTTPError.notRecorded`.
public final class OfflineTransport: HTTPTransport, Sendable {
  /// What the requests so far were answered with, or that they were not.
  private struct Served {
    /// Answers given so far by key.
    var answers: [String: Int] = [:]
    var missed: [(key: String, count: Int)] = []
    /// Where each key is in `missed`.
    var missedPosition: [String: Int] = [:]
    var missSteps = 0
  }

  /// The recording folder.
  public let folder: URL
  private let volatile: Set<String>
  private let exchanges: [String: [RecordedExchange]]
  private let served = Mutex(Served())

  /// Keys looked at to count the unmatched requests (the tests' measure of the work).
  var unmatchedSteps: Int { served.withLock { $0.missSteps } }

  /// The requests that matched no recorded exchange, by key (`GET https://…`, cache busters left
  /// out) in the order first seen, with how often each was made.
  public var unmatched: [(key: String, count: Int)] { served.withLock { $0.missed } }

  /// The recorded run's start date (the wall-clock date of its virtual time 0), if it has one.
  public let startDate: Date?
  /// The query parameters requests are matched without: the recording's list (the default
  /// list for a recording that has none), with `alsoIgnoring`.
  public var ignoredParameters: Set<String> { volatile }

  /// Loads the recording in `folder`; throws `RecordingError` when `index.json` is missing or
  /// invalid, or names a body that is not a regular file inside the folder. Requests match
  /// without the parameters the recording lists, and those of `alsoIgnoring`.
  public init(folder: URL, alsoIgnoring extra: Set<String> = []) throws {
    self.folder = folder
    let index = try RecordingFolder.load(folder)
    let recorded =
      index.ignoredParameters.map { Set($0.map { $0.lowercased() }) } ?? RequestKey.defaultVolatileParameters
    volatile = recorded.union(extra.map { $0.lowercased() })
    startDate = index.startDate.flatMap(RecordingDates.date)
    exchanges = Self.keyed(index.exchanges, volatile: volatile, unchanged: recorded == volatile)
  }

  /// The exchanges by key. Keys are made again from the URLs when the ignored parameters are
  /// not those the recording was made with.
  private static func keyed(_ exchanges: [RecordedExchange], volatile: Set<String>, unchanged: Bool)
    -> [String: [RecordedExchange]]
  {
    guard !unchanged else { return Dictionary(grouping: exchanges, by: \.key) }
    return Dictionary(grouping: exchanges) { exchange in
      guard let url = URL(string: exchange.url) else { return exchange.key }
      return RequestKey(method: exchange.method, url: url, volatile: volatile).description
    }
  }

  /// Whether the recording has an answer for `request`, asked without counting it as made
  /// (nothing is served, no miss is listed): the player asks so before loading segments.
  public func hasAnswer(for request: HTTPRequest) -> Bool {
    let key = RequestKey(method: request.method, url: request.url, volatile: volatile).description
    return exchanges[key]?.isEmpty == false
  }

  /// Answers from the recording (on a global queue), or fails with `notRecorded`.
  public func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    let result = answer(request, limits: limits)
    DispatchQueue.global().async { completion(result) }
  }

  private func answer(_ request: HTTPRequest, limits: HTTPLimits) -> Result<HTTPResponse, HTTPError> {
    let key = RequestKey(method: request.method, url: request.url, volatile: volatile).description
    guard let candidates = exchanges[key], !candidates.isEmpty else {
      served.withLock { served in
        served.missSteps += 1
        if let position = served.missedPosition[key] {
          served.missed[position].count += 1
        } else {
          served.missedPosition[key] = served.missed.count
          served.missed.append((key, 1))
        }
      }
      return .failure(.notRecorded(request.url))
    }
    let exchange: RecordedExchange = served.withLock { served in
      let position = served.answers[key, default: 0]
      served.answers[key] = position + 1
      return candidates[min(position, candidates.count - 1)]
    }
    if let failure = exchange.failure {
      return .failure(.network(request.url, "recorded failure: \(failure)"))
    }
    var body = Data()
    if let name = exchange.body {
      do {
        body = try RecordingBody.read(name, in: folder, maxBytes: limits.maxBodyBytes)
      } catch {
        switch error {
        case .tooLarge:
          return .failure(.bodyTooLarge(request.url, limit: limits.maxBodyBytes))
        case .refused(let reason):
          return .failure(.network(request.url, "the body \(name) in the recording \(folder.path) \(reason)"))
        }
      }
    }
    return .success(
      HTTPResponse(
        url: request.url, status: exchange.status ?? 200, headers: exchange.headers ?? [:], body: body))
  }
}
