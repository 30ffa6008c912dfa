import Foundation
import PlayerSeam

extension RequestPattern {
  /// Why a `request` log entry is not this request (the first difference, as the run sent it),
  /// or nil when it is.
  func mismatch(_ entry: LogEntry) -> String? {
    let sentMethod = entry.fields["method"]?.stringValue ?? ""
    let sentURL = entry.fields["url"]?.stringValue ?? ""
    if let method, method != sentMethod.uppercased() { return "method \(sentMethod)" }
    if let url, !url.matches(sentURL) { return "URL \(sentURL)" }
    if !query.isEmpty {
      let items = URLComponents(string: sentURL)?.queryItems ?? []
      for (name, value) in query {
        guard let sent = items.first(where: { $0.name == name }) else { return "no query parameter \(name)" }
        if !value.matches(sent.value ?? "") { return "query \(name)=\(sent.value ?? "")" }
      }
    }
    let sentHeaders = entry.fields["headers"]?.objectValue ?? JSONObject()
    for (name, value) in headers {
      guard let sent = sentHeaders.first(where: { $0.key.lowercased() == name.lowercased() }) else {
        return "no header \(name)"
      }
      let text = sent.value.stringValue ?? sent.value.jsonText
      if !value.matches(text) { return "header \(sent.key): \(text)" }
    }
    guard bodyText != nil || !body.isEmpty else { return nil }
    guard let text = entry.fields["body"]?.stringValue else { return "no body" }
    if let bodyText, !bodyText.matches(text) { return "body \(Self.shortened(text))" }
    let sent = RequestBody(text)
    for (field, value) in body {
      guard let found = sent.value(field) else { return "no body field \(field)" }
      if !RequestBody.matches(found, value) { return "body \(field) \(Self.shortened(found.jsonText))" }
    }
    return nil
  }

  /// What the pattern asks for: `POST https://ads.example/session body adsParams.userSegment="sports"`.
  var summary: String {
    var parts = [method ?? "any method", url.map { "\($0)" } ?? "any URL"]
    parts += query.map { "query \($0.name)=\($0.value)" }
    if let bodyText { parts.append("body \(bodyText)") }
    parts += body.map { "body \($0.field)=\($0.value.jsonText)" }
    parts += headers.map { "header \($0.name): \($0.value)" }
    return parts.joined(separator: " ")
  }

  /// The host (and port) the URL pattern names, lowercased, when it names one without `*`.
  var host: String? {
    guard let pattern = url?.pattern, let scheme = pattern.range(of: "://") else { return nil }
    let rest = pattern[scheme.upperBound...]
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return host.isEmpty || host.contains("*") ? nil : host.lowercased()
  }

  static func shortened(_ text: String) -> String { text.count > 120 ? text.prefix(119) + "…" : text }
}

extension Describe {
  /// `POST https://ads.example/session at 2 s`.
  static func request(_ entry: LogEntry) -> String {
    let method = entry.fields["method"]?.stringValue ?? "?"
    let url = entry.fields["url"]?.stringValue ?? "?"
    return "\(method) \(url) at \(seconds(entry.time))"
  }

  /// The host and port of a logged request's URL, lowercased.
  static func host(_ entry: LogEntry) -> String? {
    guard let url = entry.fields["url"]?.stringValue, let components = URLComponents(string: url),
      let host = components.host?.lowercased()
    else { return nil }
    return components.port.map { "\(host):\($0)" } ?? host
  }
}
