import OutsideText

/// A client-side ad in `SourceDescription.ads`: `sources` (the ad tag URL, or `{"src": …,
/// "type": …}`), `timeOffset`, `integration`, other fields kept.
public struct AdDescription: Equatable, Sendable {
  /// The ad tag URL.
  public var sources: String?
  /// When the ad plays.
  public var timeOffset: AdTimeOffset?
  /// The ad integration, e.g. `csai` or `google-ima`.
  public var integration: String?
  /// What `sources` holds, as THEOplayer's `AdSource.type`: `vast`, `vmap` (a whole schedule,
  /// so `timeOffset` does not apply) or nil when the document itself says (`sources.type`, or
  /// a top-level `type` as THEOplayer's guides write it).
  public var type: String?
  /// Every other field, in order.
  public var otherFields: JSONObject

  /// Creates an ad description.
  public init(
    sources: String?, timeOffset: AdTimeOffset? = nil, integration: String? = nil, type: String? = nil,
    otherFields: JSONObject = JSONObject()
  ) {
    self.type = type
    self.sources = sources
    self.timeOffset = timeOffset
    self.integration = integration
    self.otherFields = otherFields
  }

  /// Decodes the JSON form at `path`.
  public init(json: JSONValue, path: String) throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    switch reader.value("sources") {
    case nil: sources = nil
    case .string(let url)?: sources = url
    case .object(let object)?:
      guard let url = object["src"]?.stringValue else {
        throw ModelDecodingError(path: reader.path("sources") + ".src", expectation: "expected a string")
      }
      sources = url
      if let value = object["type"] {
        guard let text = value.stringValue else {
          throw ModelDecodingError(path: reader.path("sources") + ".type", expectation: "expected a string")
        }
        type = text
      }
    case .some(let other):
      throw reader.mismatch("sources", "a string or an object with src", other)
    }
    timeOffset = try reader.value("timeOffset").map { value throws(ModelDecodingError) in
      try AdTimeOffset(json: value, path: reader.path("timeOffset"))
    }
    integration = try reader.string("integration")
    if let text = try reader.string("type") { type = type ?? text }
    otherFields = reader.unknownMembers(except: ["sources", "timeOffset", "integration", "type"])
  }

  /// The JSON form (`sources` as a string, `type` beside it).
  public var json: JSONValue {
    var object = JSONObject()
    if let sources { object["sources"] = .string(sources) }
    if let type { object["type"] = .string(type) }
    if let timeOffset { object["timeOffset"] = timeOffset.json }
    if let integration { object["integration"] = .string(integration) }
    for member in otherFields { object[member.key] = member.value }
    return .object(object)
  }
}
