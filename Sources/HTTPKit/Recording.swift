import Foundation
import OutsideText

/// One recorded exchange, as stored in a recording's `index.json` (see docs/http.md).
public struct RecordedExchange: Codable, Sendable, Equatable {
  /// The matching key (`RequestKey.description`).
  public var key: String
  /// The method.
  public var method: String
  /// The URL as requested.
  public var url: String
  /// The status, or nil when the exchange failed.
  public var status: Int?
  /// Response header fields (lower-case names).
  public var headers: [String: String]?
  /// The body file, relative to the recording folder.
  public var body: String?
  /// The failure message when the exchange failed.
  public var failure: String?
  /// What the request sent besides method and URL; nil in an exchange recorded before
  /// recordings kept it, which matches on method and URL only.
  public var request: RecordedRequest?
  /// When the body is a media segment kept trimmed (docs/http.md), the size of the whole body.
  public var trimmedFrom: Int?
  /// The URL that answered, when redirects led away from `url` (a session URL a stitcher
  /// redirected to): a replay answers with it as the final URL.
  public var finalURL: String?

  /// An exchange; give `status` and `body` for an answer, `failure` for a failed exchange.
  public init(
    key: String, method: String = "GET", url: String, status: Int? = nil, headers: [String: String]? = nil,
    body: String? = nil, failure: String? = nil, request: RecordedRequest? = nil, trimmedFrom: Int? = nil
  ) {
    self.key = key
    self.method = method
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.failure = failure
    self.request = request
    self.trimmedFrom = trimmedFrom
  }
}

/// The index of a recording folder.
struct RecordingIndex: Codable, Sendable {
  /// The format this adhost writes: 2 keeps what requests send and trims media segments; 1,
  /// which it still reads, has neither.
  static let currentVersion = 2
  var version = currentVersion
  /// The wall-clock date of the recorded run's virtual time 0 (ISO 8601), which a replay uses
  /// by default so that `[TIMESTAMP]` beacons match.
  var startDate: String?
  /// The query parameters left out of the keys (cache busters); a replay leaves out the same.
  var ignoredParameters: [String]?
  /// The names whose values the recording does not keep (`SecretRedaction`), which match any
  /// value on replay; absent before version 2.
  var redacted: [String]?
  var exchanges: [RecordedExchange] = []
}

extension RecordingIndex {
  /// Makes every exchange's key again from its URL.
  mutating func rekey(volatile: Set<String>, redaction: SecretRedaction?) {
    for position in exchanges.indices {
      guard let url = URL(string: exchanges[position].url) else { continue }
      exchanges[position].key =
        RequestKey(method: exchanges[position].method, url: url, volatile: volatile, redaction: redaction)
        .description
    }
  }
}

/// A recording folder: `index.json` plus one `bodies/NNNNNN.bin` per answered exchange.
enum RecordingFolder {
  static func indexURL(_ folder: URL) -> URL { folder.appendingPathComponent("index.json") }

  /// Writes `index.json` (atomically); returns the bytes written.
  @discardableResult
  static func save(_ index: RecordingIndex, to folder: URL) throws -> Int {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(index)
    try data.write(to: indexURL(folder), options: .atomic)
    return data.count
  }
}
