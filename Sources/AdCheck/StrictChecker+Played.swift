import PlayerSeam

/// The rules only playing an ad shows, beyond any static validator: `beacon-macro-filled`,
/// `beacon-https` and `wrapper-timed-out` (warnings in the catalogue).
extension StrictChecker {
  /// The macros the sender fills from the clock and a counter: their values are always known.
  static let alwaysKnownMacros: Set<String> = ["TIMESTAMP", "CACHEBUSTING"]
  /// The macros the content's playhead fills, known once a source is loaded (`contentTime`).
  static let contentPlayheadMacros: Set<String> = ["CONTENTPLAYHEAD", "MEDIAPLAYHEAD"]

  /// `beacon-https` and `beacon-macro-filled` on one `beacon` entry.
  func playedBeaconRules(_ entry: LogEntry) {
    let event = entry.fields["event"]?.stringValue ?? "?"
    let url = entry.fields["url"]?.stringValue ?? ""
    if url.lowercased().hasPrefix("http://"), !Self.isLoopback(Self.host(of: url)) {
      report(.beaconHTTPS, entry, message: "\(event) beacon \(url) sent over plain http")
    }
    for name in UnfilledMacros.find(in: url) {
      report(.beaconMacroFilled, entry, message: "\(event) beacon \(url) left the macro \(name) unfilled")
    }
    for name in entry.fields["macrosUnknown"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
      guard let known = knownValue(of: name, at: entry) else { continue }
      report(.beaconMacroFilled, entry, message: "\(event) beacon \(url) sent [\(name)] as -1, but \(known)")
    }
  }

  /// What the log shows of a macro's value when the beacon was sent; nil when it was unknown.
  private func knownValue(of macro: String, at entry: LogEntry) -> String? {
    if Self.alwaysKnownMacros.contains(macro) { return "the clock and the cache buster are always known" }
    if Self.contentPlayheadMacros.contains(macro), let time = entry.fields["contentTime"]?.numberValue {
      return "the content's playhead was \(Self.seconds(time))"
    }
    if macro == "ADPLAYHEAD", let id = entry.adId,
      ads.ads(id).contains(where: { ad in
        (ad.beganAt ?? .max) <= entry.micros && (ad.finish?.micros ?? .max) >= entry.micros
      })
    {
      return "ad \"\(id)\" was playing"
    }
    return nil
  }

  /// `wrapper-timed-out`: an `aderror` that reports VAST error 301 with a timeout (the request
  /// or the resolution's budget ran out), expected by the scenario or not.
  func wrapperTimeout(_ entry: LogEntry) {
    let message = entry.fields["message"]?.stringValue ?? ""
    let is301 = entry.fields["code"]?.numberValue == 301 || message.contains("VAST error 301")
    guard is301, message.contains("timed out") || message.contains("budget") else { return }
    report(
      .wrapperTimedOut, entry, message: "a VAST request timed out: \(message)",
      document: Self.url(in: message))
  }

  /// The first http(s) URL of a message, up to a white space, `)` or `: ` (`…/w.xml: timed out`).
  static func url(in message: String) -> String? {
    guard let start = message.range(of: "https://") ?? message.range(of: "http://") else { return nil }
    var url = message[start.lowerBound...].prefix { !$0.isWhitespace && $0 != ")" }
    if url.hasSuffix(":") { url = url.dropLast() }
    return String(url)
  }

  /// Whether a host (`host` or `host:port`) is the machine itself: 127.0.0.0/8, `localhost`, `[::1]`.
  static func isLoopback(_ host: String?) -> Bool {
    guard let host else { return false }
    if host.hasPrefix("[::1]") { return true }
    let name = host.split(separator: ":").first.map(String.init) ?? host
    return name == "localhost" || name.hasPrefix("127.")
  }
}

/// Macros a sent URL still holds: `[NAME]` or `%5BNAME%5D` (IAB), `%%NAME%%` and `${NAME}`
/// (ad servers' own forms), NAME in upper-case letters, digits and `_`.
enum UnfilledMacros {
  private static let forms: [(open: String, close: String)] = [
    ("[", "]"), ("%5B", "%5D"), ("%5b", "%5d"), ("%%", "%%"), ("${", "}"),
  ]

  /// The macros left in `url`, as written (`[ADPLAYHEAD]`, `%%CACHEBUSTER%%`), in order.
  static func find(in url: String) -> [String] {
    var found: [String] = []
    for form in forms {
      var rest = Substring(url)
      while let open = rest.range(of: form.open) {
        let after = rest[open.upperBound...]
        guard let close = after.range(of: form.close) else { break }
        let name = after[..<close.lowerBound]
        if isName(name) {
          found.append(form.open + name + form.close)
          rest = after[close.upperBound...]
        } else {
          rest = after
        }
      }
    }
    return found
  }

  private static func isName(_ name: Substring) -> Bool {
    guard let first = name.first, first.isASCII, first.isUppercase else { return false }
    return name.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }
  }
}
