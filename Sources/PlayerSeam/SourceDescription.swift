import CheckedNumbers
import OutsideText

/// What a player is asked to play, with THEOplayer Web's field names: `sources` (one typed source
/// or a list), `ads` (client-side ads) and every other field kept as is.
public struct SourceDescription: Equatable, Sendable {
  /// The typed sources, in order.
  public var sources: [TypedSource]
  /// The client-side ads.
  public var ads: [AdDescription]
  /// Every other field, in order.
  public var otherFields: JSONObject

  /// Creates a source description.
  public init(sources: [TypedSource], ads: [AdDescription] = [], otherFields: JSONObject = JSONObject()) {
    self.sources = sources
    self.ads = ads
    self.otherFields = otherFields
  }

  /// Decodes JSON text; syntax errors are reported as a decoding error at the root, a member
  /// named twice in one object at its second occurrence.
  public init(jsonText: String) throws(ModelDecodingError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(jsonText, refusingRepeatedMembers: true)
    } catch {
      throw ModelDecodingError(error)
    }
    try self.init(json: value)
  }

  /// Decodes the JSON form; errors name the path from `path`.
  public init(json: JSONValue, path: String = "") throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    switch reader.value("sources") {
    case nil: sources = []
    case .array(let elements)?:
      var decoded: [TypedSource] = []
      for (index, element) in elements.enumerated() {
        decoded.append(try TypedSource(json: element, path: elementPath(reader.path("sources"), index)))
      }
      sources = decoded
    case .some(let single):
      sources = [try TypedSource(json: single, path: reader.path("sources"))]
    }
    switch reader.value("ads") {
    case nil: ads = []
    case .array(let elements)?:
      var decoded: [AdDescription] = []
      for (index, element) in elements.enumerated() {
        decoded.append(try AdDescription(json: element, path: elementPath(reader.path("ads"), index)))
      }
      ads = decoded
    case .some(let other):
      throw reader.mismatch("ads", "an array", other)
    }
    otherFields = reader.unknownMembers(except: ["sources", "ads"])
    if let value = reader.value("duration") {
      _ = try Self.contentDuration(value, path: reader.path("duration"))
    }
  }

  /// The top-level `duration` (adhost's extension): the content's length in seconds, if given.
  public var contentDuration: Double? {
    guard let value = otherFields["duration"], value != .null else { return nil }
    return try? Self.contentDuration(value, path: "duration")
  }

  /// A content duration: a number of seconds above 0 and at most `ContentTimeline.maxDuration`.
  package static func contentDuration(_ value: JSONValue, path: String) throws(ModelDecodingError) -> Double {
    guard let seconds = value.numberValue, seconds > 0, seconds <= ContentTimeline.maxDuration else {
      let found = value.numberValue.map(CheckedNumbers.describe) ?? value.kindDescription
      throw ModelDecodingError(
        path: path,
        expectation: "expected a number of seconds above 0 and at most "
          + "\(CheckedNumbers.describe(ContentTimeline.maxDuration)) (one week), found \(found)")
    }
    return seconds
  }

  /// The JSON form: `sources` always as a list, then `ads` if any, then the other fields.
  public var json: JSONValue {
    var object = JSONObject()
    object["sources"] = .array(sources.map(\.json))
    if !ads.isEmpty { object["ads"] = .array(ads.map(\.json)) }
    for member in otherFields { object[member.key] = member.value }
    return .object(object)
  }

  /// The integration ids named by the sources' `ssai` configurations, in source order.
  public var integrationIds: [String] { sources.compactMap { $0.ssai?.integrationId } }
}

/// One playable source: `src`, `type` and the SSAI configuration, other fields kept.
public struct TypedSource: Equatable, Sendable {
  /// The content URL.
  public var src: String?
  /// The MIME type, e.g. `application/x-mpegurl`.
  public var type: String?
  /// The server-side ad insertion configuration.
  public var ssai: SSAIConfiguration?
  /// Every other field, in order.
  public var otherFields: JSONObject

  /// Creates a typed source.
  public init(
    src: String?, type: String? = nil, ssai: SSAIConfiguration? = nil, otherFields: JSONObject = JSONObject()
  ) {
    self.src = src
    self.type = type
    self.ssai = ssai
    self.otherFields = otherFields
  }

  /// Decodes the JSON form at `path`.
  public init(json: JSONValue, path: String) throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    src = try reader.string("src")
    type = try reader.string("type")
    ssai = try reader.value("ssai").map { value throws(ModelDecodingError) in
      try SSAIConfiguration(json: value, path: reader.path("ssai"))
    }
    otherFields = reader.unknownMembers(except: ["src", "type", "ssai"])
  }

  /// The JSON form.
  public var json: JSONValue {
    var object = JSONObject()
    if let src { object["src"] = .string(src) }
    if let type { object["type"] = .string(type) }
    if let ssai { object["ssai"] = ssai.json }
    for member in otherFields { object[member.key] = member.value }
    return .object(object)
  }
}

/// A source's `ssai` configuration: the Web form `{"integration": "<id>", …}` or the iOS form
/// `{"integration": "custom", "customIntegration": "<id>", …}`; every other field is kept.
public struct SSAIConfiguration: Equatable, Sendable {
  /// `integration` as written.
  public var integration: String
  /// `customIntegration` as written (the iOS form).
  public var customIntegration: String?
  /// Every other field, in order (e.g. `placement`, `streamType`).
  public var otherFields: JSONObject

  /// Creates a configuration.
  public init(integration: String, customIntegration: String? = nil, otherFields: JSONObject = JSONObject()) {
    self.integration = integration
    self.customIntegration = customIntegration
    self.otherFields = otherFields
  }

  /// Decodes the JSON form at `path`; the iOS form needs `customIntegration` to be a string.
  public init(json: JSONValue, path: String) throws(ModelDecodingError) {
    let reader = try JSONReader(json, path: path)
    integration = try reader.requiredString("integration")
    customIntegration = try reader.string("customIntegration")
    if integration == "custom", customIntegration == nil {
      throw ModelDecodingError(path: reader.path("customIntegration"), expectation: "expected a string")
    }
    otherFields = reader.unknownMembers(except: ["integration", "customIntegration"])
  }

  /// The id of the integration that handles the source: `customIntegration` in the iOS form,
  /// else `integration`.
  public var integrationId: String {
    integration == "custom" ? (customIntegration ?? integration) : integration
  }

  /// The member `key` of the configuration, known or not.
  public subscript(key: String) -> JSONValue? {
    json[key]
  }

  /// The JSON form.
  public var json: JSONValue {
    var object = JSONObject()
    object["integration"] = .string(integration)
    if let customIntegration { object["customIntegration"] = .string(customIntegration) }
    for member in otherFields { object[member.key] = member.value }
    return .object(object)
  }
}
