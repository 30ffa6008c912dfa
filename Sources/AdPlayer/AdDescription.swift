/// A client-side ad in `SourceDescription.ads`: `sources` (the ad tag URL, or `{"src": …}`),
/// `timeOffset`, `integration`, other fields kept.
public struct AdDescription: Equatable, Sendable {
  /// The ad tag URL.
  public var sources: String?
  /// When the ad plays.
  public var timeOffset: AdTimeOffset?
  /// The ad integration, e.g. `csai` or `google-ima`.
  public var integration: String?
  /// Every other field, in order.
  public var otherFields: JSONObject

  /// Creates an ad description.
  public init(
    sources: String?, timeOffset: AdTimeOffset? = nil, integration: String? = nil,
    otherFields: JSONObject = JSONObject()
  ) {
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
    case .some(let other):
      throw reader.mismatch("sources", "a string or an object with src", other)
    }
    timeOffset = try reader.value("timeOffset").map { value throws(ModelDecodingError) in
      try AdTimeOffset(json: value, path: reader.path("timeOffset"))
    }
    integration = try reader.string("integration")
    otherFields = reader.unknownMembers(except: ["sources", "timeOffset", "integration"])
  }

  /// The JSON form (`sources` as a string).
  public var json: JSONValue {
    var object = JSONObject()
    if let sources { object["sources"] = .string(sources) }
    if let timeOffset { object["timeOffset"] = timeOffset.json }
    if let integration { object["integration"] = .string(integration) }
    for member in otherFields { object[member.key] = member.value }
    return .object(object)
  }
}
