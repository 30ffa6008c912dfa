import Foundation

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

  /// An exchange; give `status` and `body` for an answer, `failure` for a failed exchange.
  public init(
    key: String, method: String = "GET", url: String, status: Int? = nil, headers: [String: String]? = nil,
    body: String? = nil, failure: String? = nil
  ) {
    self.key = key
    self.method = method
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.failure = failure
  }
}

/// The index of a recording folder.
struct RecordingIndex: Codable {
  var version = 1
  /// The wall-clock date of the recorded run's virtual time 0 (ISO 8601), which a replay uses
  /// by default so that `[TIMESTAMP]` beacons match.
  var startDate: String?
  /// The query parameters left out of the keys (cache busters); a replay leaves out the same.
  var ignoredParameters: [String]?
  var exchanges: [RecordedExchange] = []
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
