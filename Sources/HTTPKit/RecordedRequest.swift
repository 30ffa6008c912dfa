import Foundation
import OutsideText

/// What a recorded request sent besides its method and URL: its header fields and its body,
/// secrets redacted (`SecretRedaction`). An exchange recorded before recordings kept this has
/// none, and matches on method and URL only.
public struct RecordedRequest: Sendable, Equatable {
  /// Header fields, names in lower case, redacted values replaced.
  public var headers: [String: String]
  /// The body, if one was sent.
  public var body: Body?

  /// How a request body is kept: readable in `index.json` when it is JSON or text.
  public enum Body: Sendable, Equatable {
    /// A JSON body (by its `Content-Type`, or any body without one that reads as a JSON object
    /// or array), redacted members replaced; compared as JSON on replay.
    case json(JSONValue)
    /// A UTF-8 text body: a form (redacted fields replaced, compared field by field) or other text
    /// (compared byte for byte).
    case text(String)
    /// Another body, in a file of the recording (`bodies/000001.request.bin`), compared byte for byte.
    case file(String)
  }

  /// A request's part.
  public init(headers: [String: String] = [:], body: Body? = nil) {
    self.headers = headers
    self.body = body
  }

  /// The largest body kept in `index.json` rather than in a file.
  static let inlineLimit = 64 << 10

  /// What `request` sent, redacted. A body that must go to a file is written by `saveFile`,
  /// which gets its bytes and returns its name.
  init(
    _ request: HTTPRequest, redaction: SecretRedaction, saveFile: (Data) throws -> String
  ) rethrows {
    headers = [:]
    for (name, value) in redaction.headers(request.headers) { headers[name.lowercased()] = value }
    guard let data = request.body, !data.isEmpty else { return }
    let contentType = headers["content-type"]
    let text = data.count <= Self.inlineLimit ? String(data: data, encoding: .utf8) : nil
    if let text, let json = Self.json(text, contentType: contentType) {
      body = .json(redaction.json(json))
    } else if let text, FormFields.isForm(contentType) {
      body = .text(redaction.fields(text))
    } else if let text {
      body = .text(text)
    } else {
      body = .file(try saveFile(data))
    }
  }

  /// The JSON value of a body that is JSON by its content type, or has none and reads as an
  /// object or array.
  static func json(_ text: String, contentType: String?) -> JSONValue? {
    guard MediaType.isJSON(contentType) || contentType == nil else { return nil }
    guard let value = try? JSONValue.parse(text) else { return nil }
    if contentType == nil, value.objectValue == nil, value.arrayValue == nil { return nil }
    return value
  }
}
