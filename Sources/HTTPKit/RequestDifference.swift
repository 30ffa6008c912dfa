import Foundation
import OutsideText

/// The first way a sent request differs from a recorded one with the same key: its body (JSON
/// as JSON, a form field by field, anything else byte for byte), then its header fields.
enum RequestDifference {
  /// `body adsParams.userSegment: recorded "sports", sent "CHANGED"`, `form field …`,
  /// `header …`, or nil when the request is the recorded one. `folder` holds body files.
  static func first(_ recorded: RecordedRequest, _ sent: HTTPRequest, ignoring: IgnoredFields, folder: URL)
    -> String?
  {
    body(recorded, sent, ignoring: ignoring, folder: folder) ?? headers(recorded, sent, ignoring: ignoring)
  }

  private static func body(
    _ recorded: RecordedRequest, _ sent: HTTPRequest, ignoring: IgnoredFields, folder: URL
  )
    -> String?
  {
    let data = sent.body ?? Data()
    switch recorded.body {
    case nil:
      return data.isEmpty ? nil : "body: recorded none, sent \(data.count) bytes"
    case .json(let value)?:
      guard let text = String(data: data, encoding: .utf8), let json = try? JSONValue.parse(text) else {
        return "body: recorded JSON, sent "
          + (data.isEmpty ? "none" : "\(data.count) bytes that are not JSON")
      }
      return JSONDifference.first(value, json, ignoring: ignoring).map { "body " + $0 }
    case .text(let text)? where FormFields.isForm(recorded.headers["content-type"]):
      return form(text, String(decoding: data, as: UTF8.self), ignoring: ignoring)
    case .text(let text)?:
      return bytes(Data(text.utf8), data)
    case .file(let name)?:
      guard let stored = try? RecordingBody.read(name, in: folder, maxBytes: RecordingFolder.maxIndexBytes)
      else {
        return "body: the recorded body \(name) cannot be read"
      }
      return bytes(stored, data)
    }
  }

  /// The first form field (in recorded order, then the sent ones the recording lacks) whose values differ.
  private static func form(_ recorded: String, _ sent: String, ignoring: IgnoredFields) -> String? {
    let old = Dictionary(grouping: FormFields.parse(recorded), by: \.name).mapValues { $0.map(\.value) }
    let new = Dictionary(grouping: FormFields.parse(sent), by: \.name).mapValues { $0.map(\.value) }
    let names = FormFields.parse(recorded).map(\.name) + FormFields.parse(sent).map(\.name)
    var seen: Set<String> = []
    for name in names where seen.insert(name).inserted && !ignoring.ignores(field: name, path: name) {
      if old[name] != new[name] {
        return "form field \(name): recorded \(shown(old[name])), sent \(shown(new[name]))"
      }
    }
    return nil
  }

  private static func bytes(_ recorded: Data, _ sent: Data) -> String? {
    guard recorded != sent else { return nil }
    let at =
      zip(recorded, sent).enumerated().first { $1.0 != $1.1 }?.offset ?? min(recorded.count, sent.count)
    return "body: recorded \(recorded.count) bytes, sent \(sent.count) bytes, first different at byte \(at)"
  }

  /// The first header field, by name, whose value differs (ignored and client fields left out).
  private static func headers(_ recorded: RecordedRequest, _ sent: HTTPRequest, ignoring: IgnoredFields)
    -> String?
  {
    var new: [String: String] = [:]
    // Recorded values have the secrets of URLs in them redacted: so are the sent ones here.
    for (name, value) in sent.headers { new[name.lowercased()] = ignoring.redaction.text(value) }
    let names = Set(recorded.headers.keys).union(new.keys).sorted()
    for name in names where !ignoring.ignores(header: name) && recorded.headers[name] != new[name] {
      return "header \(name): recorded \(shown(recorded.headers[name])), sent \(shown(new[name]))"
    }
    return nil
  }

  private static func shown(_ values: [String]?) -> String {
    guard let values else { return "nothing" }
    return values.map { JSONDifference.shown(.string($0)) }.joined(separator: ", ")
  }

  private static func shown(_ value: String?) -> String { JSONDifference.shown(value.map(JSONValue.string)) }
}
