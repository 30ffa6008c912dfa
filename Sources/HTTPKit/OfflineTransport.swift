import Foundation
import OutsideText
import Synchronization

/// A transport that answers from a recording folder and never touches the network.
///
/// Requests match by `RequestKey` (cache-buster parameters ignored), then by what they send —
/// body and header fields, as `RequestDifference` compares them — when the exchange recorded it.
/// When a request was recorded several times, the answers replay in order and the last one
/// repeats. A request with no match fails with `HTTPError.notRecorded`, or with
/// `HTTPError.recordedDifferently` naming the first difference when only what it sends differs.
/// Any thread.
public final class OfflineTransport: HTTPTransport, Sendable {
  /// What the requests so far were answered with, or that they were not.
  struct Served {
    /// Per key: the first position not served yet, and the positions after it that were.
    var cursor: [String: Int] = [:]
    var servedAhead: [String: Set<Int>] = [:]
    var missed: [UnmatchedRequest] = []
    /// Where each key and difference is in `missed`.
    var missedPosition: [String: Int] = [:]
    var missSteps = 0
  }

  /// The recording folder.
  public let folder: URL
  /// The folder's real path, resolved once for every body read.
  private let bodies: RecordingBody.Folder
  private let volatile: Set<String>
  /// The recording's redacted names; nil for a recording made before redaction (version 1),
  /// whose keys keep every parameter.
  private let redaction: SecretRedaction?
  let ignoring: IgnoredFields
  private let hostMappings: [HostMapping]
  let exchanges: [String: [RecordedExchange]]
  let served = Mutex(Served())

  /// Keys looked at to count the unmatched requests (the tests' measure of the work).
  var unmatchedSteps: Int { served.withLock { $0.missSteps } }

  /// The requests that matched no recorded exchange, by key (`GET https://…`, cache busters left
  /// out) and difference, in the order first seen, with how often each was made.
  public var unmatched: [UnmatchedRequest] { served.withLock { $0.missed } }

  /// The recorded run's start date (the wall-clock date of its virtual time 0), if it has one.
  public let startDate: Date?
  /// The query parameters requests are matched without: the recording's list (the default
  /// list for a recording that has none), with `alsoIgnoring`.
  public var ignoredParameters: Set<String> { volatile }
  /// One line to show the user when exchanges of the recording were made before recordings kept
  /// what requests send (format version 1): those match on method and URL only.
  public let note: String?

  /// Loads the recording in `folder`; throws `RecordingError` when `index.json` is missing or
  /// invalid, or names a body that is not a regular file inside the folder. Requests match
  /// without the parameters the recording lists, and those of `alsoIgnoring` (query parameters,
  /// body fields by name or JSON path, header fields). `mappingHosts` turns requests to a mapping's
  /// sent host into requests to its recorded one. `cache`: the indexes a run of many replays
  /// parsed already (`RecordingIndexCache`).
  public init(
    folder: URL, alsoIgnoring extra: Set<String> = [], mappingHosts: [HostMapping] = [],
    cache: RecordingIndexCache? = nil
  ) throws {
    self.folder = folder
    bodies = RecordingBody.Folder(folder)
    let index = try RecordingFolder.load(folder, cache: cache)
    let recorded =
      index.ignoredParameters.map { Set($0.map { $0.lowercased() }) } ?? RequestKey.defaultVolatileParameters
    volatile = recorded.union(extra.map { $0.lowercased() })
    redaction = index.redacted.map(SecretRedaction.init(exactly:))
    ignoring = IgnoredFields(names: volatile, redaction: redaction ?? SecretRedaction())
    hostMappings = mappingHosts
    startDate = index.startDate.flatMap(RecordingDates.date)
    var keyed = index
    if recorded != volatile { keyed.rekey(volatile: volatile, redaction: redaction) }
    exchanges = Dictionary(grouping: keyed.exchanges, by: \.key)
    note = Self.note(index, folder: folder)
  }

  private static func note(_ index: RecordingIndex, folder: URL) -> String? {
    let legacy = index.exchanges.filter { $0.request == nil }.count
    guard legacy > 0 else { return nil }
    let which =
      legacy == index.exchanges.count ? "its requests" : "\(legacy) of its \(index.exchanges.count) requests"
    return
      "the recording \(folder.relativePath) holds \(which) without what they sent (recorded before format version 2):"
      + " they match on method and URL only, not on body or headers; record again (--record) to match those too"
  }

  /// Whether the recording has an answer for `request`, asked without counting it as made
  /// (nothing is served, no miss is listed): the player asks so before loading segments.
  public func hasAnswer(for request: HTTPRequest) -> Bool {
    exchanges[asRecorded(request).key]?.isEmpty == false
  }

  /// The request as the recording has it (its URL after `--map-host`) and its key.
  private func asRecorded(_ request: HTTPRequest) -> (request: HTTPRequest, key: String) {
    var mapped = request
    mapped.url = hostMappings.lazy.compactMap { $0.recordedURL(for: request.url) }.first ?? request.url
    let key = RequestKey(method: request.method, url: mapped.url, volatile: volatile, redaction: redaction)
    return (mapped, key.description)
  }

  /// The URL `--map-host` gave the request, when it changed it.
  private static func mapped(_ request: HTTPRequest, _ mapped: HTTPRequest) -> URL? {
    mapped.url == request.url ? nil : mapped.url
  }

  /// Answers from the recording (on a global queue), or fails with `notRecorded` or
  /// `recordedDifferently`.
  public func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    let result = answer(request, limits: limits)
    DispatchQueue.global().async { completion(result) }
  }

  private func answer(_ request: HTTPRequest, limits: HTTPLimits) -> Result<HTTPResponse, HTTPError> {
    let (mapped, key) = asRecorded(request)
    let exchange: RecordedExchange
    switch select(mapped, key: key) {
    case .found(let found):
      exchange = found
    case .none:
      miss(key, difference: nil)
      return .failure(.notRecorded(request.url, recordedAs: Self.mapped(request, mapped)))
    case .differs(let difference):
      miss(key, difference: difference)
      return .failure(.recordedDifferently(request.url, difference, recordedAs: Self.mapped(request, mapped)))
    }
    if let failure = exchange.failure {
      return .failure(.network(request.url, "recorded failure: \(failure)"))
    }
    var body = Data()
    if let name = exchange.body {
      do {
        body = try RecordingBody.read(name, in: bodies, maxBytes: limits.maxBodyBytes)
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
        url: exchange.finalURL.flatMap(URL.init(string:)) ?? request.url, status: exchange.status ?? 200,
        headers: exchange.headers ?? [:], body: body,
        trimmedFrom: exchange.trimmedFrom))
  }

  private func miss(_ key: String, difference: String?) {
    served.withLock { served in
      served.missSteps += 1
      let id = difference.map { key + "\n" + $0 } ?? key
      if let position = served.missedPosition[id] {
        served.missed[position].count += 1
      } else {
        served.missedPosition[id] = served.missed.count
        served.missed.append(UnmatchedRequest(key: key, difference: difference, count: 1))
      }
    }
  }
}

/// A request an offline recording could not answer.
public struct UnmatchedRequest: Sendable, Equatable {
  /// Its key: `GET https://…`, cache busters left out.
  public let key: String
  /// When the recording has the key but not what the request sent: the first difference,
  /// `body adsParams.userSegment: recorded "sports", sent "CHANGED"`.
  public let difference: String?
  /// How often it was made.
  public internal(set) var count: Int
}
