import OutsideText

/// An integration's tracking vocabulary: which beacon events its ad server counts as the
/// impression besides `impression` (Google DAI counts `start`), and which answers to beacons
/// the server documents as harmless (DAI: 404, "already fired or expired"). Declared by a
/// folder's `scenarios.json` or by a plugin (`controller:declareTracking`), narrowed by a
/// scenario; the strict rules `impression-before-start`, `impression-fired` and
/// `beacon-answered` consult it (docs/testing.md).
public struct TrackingVocabulary: Sendable, Equatable, CustomStringConvertible {
  /// Beacon events counted as the impression besides `impression`, in declared order.
  public var impressionEvents: [String]
  /// Answers that break no rule.
  public var harmlessAnswers: [HarmlessAnswer]

  /// The members of its JSON form (`{"impressionEvents": […], "harmlessAnswers": […]}`).
  public static let members: Set<String> = ["impressionEvents", "harmlessAnswers"]

  /// A vocabulary; empty (nothing more than VAST's own) by default.
  public init(impressionEvents: [String] = [], harmlessAnswers: [HarmlessAnswer] = []) {
    self.impressionEvents = impressionEvents
    self.harmlessAnswers = harmlessAnswers
  }

  /// Reads `{"impressionEvents": ["start"], "harmlessAnswers": [{"status": 404, "host": …, "why": …}]}`
  /// at `path`; the error names the member and what was expected, counting list elements from
  /// `firstIndex` (1 for a Lua table's).
  public init(json: JSONValue, path: String, firstIndex: Int = 0) throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    try reader.refuseUnknownMembers(except: Self.members)
    self.init()
    for (index, event) in try Self.list(reader, "impressionEvents").enumerated() {
      guard let name = event.stringValue, !name.isEmpty else {
        throw ModelDecodingError(
          path: elementPath(reader.path("impressionEvents"), index + firstIndex),
          expectation: "expected a beacon event's name, such as \"start\", found \(event.kindDescription)")
      }
      if !impressionEvents.contains(name) { impressionEvents.append(name) }
    }
    for (index, answer) in try Self.list(reader, "harmlessAnswers").enumerated() {
      let read = try HarmlessAnswer(
        json: answer, path: elementPath(reader.path("harmlessAnswers"), index + firstIndex))
      if !harmlessAnswers.contains(read) { harmlessAnswers.append(read) }
    }
  }

  private static func list(_ reader: JSONReader, _ key: String) throws(ModelDecodingError) -> [JSONValue] {
    guard let value = reader.value(key) else { return [] }
    guard let items = value.arrayValue else { throw reader.mismatch(key, "a list", value) }
    return items
  }

  /// Whether it declares nothing.
  public var isEmpty: Bool { impressionEvents.isEmpty && harmlessAnswers.isEmpty }

  /// The events that count as the impression: `impression` and those declared.
  public var impressionEventNames: Set<String> { Set(impressionEvents).union(["impression"]) }

  /// The harmless answer that covers status `status` from `host`, if any.
  public func harmless(status: Int, host: String?) -> HarmlessAnswer? {
    harmlessAnswers.first { $0.covers(status: status, host: host) }
  }

  /// Both vocabularies' leniencies.
  public func merged(with other: TrackingVocabulary) -> TrackingVocabulary {
    var merged = self
    for event in other.impressionEvents where !merged.impressionEvents.contains(event) {
      merged.impressionEvents.append(event)
    }
    for answer in other.harmlessAnswers where !merged.harmlessAnswers.contains(answer) {
      merged.harmlessAnswers.append(answer)
    }
    return merged
  }

  /// What of `narrowing` this vocabulary declares (a scenario keeps those leniencies only),
  /// and what of `narrowing` it does not declare (a scenario cannot add them).
  public func narrowed(to narrowing: TrackingVocabulary) -> (kept: TrackingVocabulary, undeclared: [String]) {
    var kept = TrackingVocabulary()
    var undeclared: [String] = []
    for event in narrowing.impressionEvents {
      if impressionEvents.contains(event) {
        kept.impressionEvents.append(event)
      } else {
        undeclared.append("impression event \(event)")
      }
    }
    for answer in narrowing.harmlessAnswers {
      if harmlessAnswers.contains(where: { $0.covers(answer) }) {
        kept.harmlessAnswers.append(answer)
      } else {
        undeclared.append("harmless answer \(answer)")
      }
    }
    return (kept, undeclared)
  }

  /// Its JSON form, as read.
  public var json: JSONValue {
    .object(
      JSONObject([
        ("impressionEvents", .array(impressionEvents.map { .string($0) })),
        ("harmlessAnswers", .array(harmlessAnswers.map(\.json))),
      ]))
  }

  /// `impression events: impression, start; harmless answers: 404 from dai.google.com (already
  /// fired or expired)` (`none` for no harmless answer).
  public var description: String {
    let events = (["impression"] + impressionEvents.filter { $0 != "impression" }).joined(separator: ", ")
    let answers =
      harmlessAnswers.isEmpty ? "none" : harmlessAnswers.map(\.description).joined(separator: "; ")
    return "impression events: \(events); harmless answers: \(answers)"
  }
}

/// An answer to a beacon that its server documents as harmless: an HTTP status, from any host
/// or from one host (`host` or `host:port`, compared without case), and why.
public struct HarmlessAnswer: Sendable, Equatable, CustomStringConvertible {
  /// The HTTP status, 100 to 599.
  public var status: Int
  /// The host (and port) it is harmless from, in lower case; nil for any host.
  public var host: String?
  /// Why it is harmless, as the server's documentation says.
  public var why: String?

  /// An answer of `status` from `host` (any when nil).
  public init(status: Int, host: String? = nil, why: String? = nil) {
    self.status = status
    self.host = host?.lowercased()
    self.why = why
  }

  /// Reads `{"status": 404, "host": "dai.google.com", "why": "already fired or expired"}`.
  public init(json: JSONValue, path: String) throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    try reader.refuseUnknownMembers(except: ["status", "host", "why"])
    guard let status = try reader.integer("status", from: 100, to: 599) else {
      throw ModelDecodingError(
        path: reader.path("status"), expectation: "expected an HTTP status, 100 to 599")
    }
    let host = try reader.string("host")
    if let host, host.isEmpty || host.contains("/") {
      throw ModelDecodingError(
        path: reader.path("host"),
        expectation: "expected a host or host:port, such as dai.google.com, found \"\(host)\"")
    }
    self.init(status: status, host: host, why: try reader.string("why"))
  }

  /// Whether it covers an answer of `status` from `host` (the URL's host, with `:port` when the
  /// URL gives one).
  public func covers(status: Int, host: String?) -> Bool {
    guard status == self.status else { return false }
    guard let own = self.host else { return true }
    guard let host = host?.lowercased() else { return false }
    return host == own || (!own.contains(":") && host.hasPrefix(own + ":"))
  }

  /// Whether it covers every answer `other` covers.
  func covers(_ other: HarmlessAnswer) -> Bool {
    guard other.status == status else { return false }
    guard host != nil else { return true }
    return other.host.map { covers(status: status, host: $0) } ?? false
  }

  /// Its JSON form.
  public var json: JSONValue {
    var object = JSONObject([("status", .number(Double(status)))])
    if let host { object["host"] = .string(host) }
    if let why { object["why"] = .string(why) }
    return .object(object)
  }

  /// `404 from dai.google.com (already fired or expired)`, `404 from any host`.
  public var description: String {
    "\(status) from \(host ?? "any host")" + (why.map { " (\($0))" } ?? "")
  }
}
