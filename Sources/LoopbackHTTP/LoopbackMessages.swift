import Foundation

/// One request as the loopback server received it.
public struct LoopbackRequest: Sendable, Equatable {
  /// The method, e.g. `GET`.
  public var method: String
  /// The request target as sent: path plus `?query`.
  public var target: String
  /// Header fields in the order received (names as sent).
  public var headers: [(name: String, value: String)]
  /// The body (empty without `Content-Length`).
  public var body: Data

  /// The path part of the target, without the query.
  public var path: String {
    String(target.prefix { $0 != "?" })
  }

  /// The query items of the target, percent-decoded.
  public var query: [String: String] {
    var items: [String: String] = [:]
    for item in URLComponents(string: target)?.queryItems ?? [] {
      items[item.name] = item.value ?? ""
    }
    return items
  }

  /// The first header with this name, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// Equal when method, target, headers (in order) and body are.
  public static func == (lhs: LoopbackRequest, rhs: LoopbackRequest) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.body == rhs.body
      && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}

/// How the server misbehaves when sending a response, for fault tests.
public enum LoopbackFault: Sendable, Equatable {
  /// Answer normally.
  case none
  /// Wait this many seconds before answering.
  case delay(Double)
  /// Announce the full `Content-Length` but send only this many body bytes, then close.
  case truncate(afterBytes: Int)
  /// Close the connection without sending anything.
  case closeWithoutAnswer
  /// Send the response in chunks of `bytes`, pausing `interval` seconds between them.
  case drip(bytes: Int, interval: Double)
}

/// A response for the loopback server to send.
public struct LoopbackResponse: Sendable {
  /// The status code.
  public var status: Int
  /// Extra header fields; `Content-Length` and `Connection: close` are added by the server.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Data
  /// How to misbehave while sending, if at all.
  public var fault: LoopbackFault

  /// A response with the given status, headers, body and fault.
  public init(
    status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
    fault: LoopbackFault = .none
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.fault = fault
  }

  /// A `200` response with a UTF-8 text body and a content type.
  public static func text(_ text: String, type: String = "text/plain", status: Int = 200) -> LoopbackResponse
  {
    LoopbackResponse(
      status: status, headers: [("Content-Type", type + "; charset=utf-8")], body: Data(text.utf8))
  }

  /// A redirect to `location`.
  public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: [("Location", location)])
  }

  /// A `404 Not Found`.
  public static let notFound = LoopbackResponse.text("not found", status: 404)
}
