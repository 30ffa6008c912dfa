import Foundation
import OutsideText

/// An exchange's `request` in `index.json`: `{"headers": {…}, "json": …}`, with `text` or `body`
/// (a file name) in place of `json` for other bodies; `{}` for a request that sent neither.
extension RecordedRequest: Codable {
  private enum Key: String, CodingKey {
    case headers, json, text, body
  }

  /// Decodes the `request` member (the recording's reader is `init(json:)`).
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
    if let json = try container.decodeIfPresent(JSONValue.self, forKey: .json) {
      body = .json(json)
    } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
      body = .text(text)
    } else if let file = try container.decodeIfPresent(String.self, forKey: .body) {
      body = .file(file)
    }
  }

  /// Encodes the `request` member; empty headers and a missing body are left out.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
    switch body {
    case .json(let value)?: try container.encode(value, forKey: .json)
    case .text(let text)?: try container.encode(text, forKey: .text)
    case .file(let name)?: try container.encode(name, forKey: .body)
    case nil: break
    }
  }

  /// Reads the `request` member of an exchange: header values must be strings, and at most one
  /// of `json`, `text` and `body` is given.
  init(json reader: JSONReader) throws(JSONPathError) {
    headers = [:]
    if let value = reader.value("headers") {
      let fields = try JSONReader(value, path: reader.path("headers"))
      for member in fields.object { headers[member.key.lowercased()] = try fields.string(member.key) }
    }
    let given = ["json", "text", "body"].filter { reader.object[$0] != nil }
    if given.count > 1 {
      throw JSONPathError(
        path: reader.path(given[1]),
        expectation:
          "a request has one body: expected one of json, text or body, found \(given.joined(separator: " and "))"
      )
    }
    if let json = reader.object["json"] {  // `null` is a JSON body too
      body = .json(json)
    } else if let text = try reader.string("text") {
      body = .text(text)
    } else if let file = try reader.string("body") {
      body = .file(file)
    }
  }
}
