import Foundation

extension HLSInterstitial {
  /// The interstitials among `cues` (date ranges of class `com.apple.hls.interstitial`), and an
  /// error for each one that cannot be played; URIs resolve against `baseURL`.
  public static func interstitials(in cues: [HLSCue], baseURL: URL) -> (
    interstitials: [HLSInterstitial], errors: [HLSParseError]
  ) {
    var found: [HLSInterstitial] = []
    var errors: [HLSParseError] = []
    for cue in cues where cue.kind == .dateRange && cue.cueClass == dateRangeClass {
      do {
        found.append(try HLSInterstitial(cue: cue, baseURL: baseURL))
      } catch {
        errors.append(error)
      }
    }
    return (found, errors)
  }

  /// Reads an interstitial date range. Errors name the line, the date range, the attribute and
  /// what was expected: `line 9: #EXT-X-DATERANGE ID="ad1": X-ASSET-URI and X-ASSET-LIST: expected
  /// one of them, found both`.
  public init(cue: HLSCue, baseURL: URL) throws(HLSParseError) {
    let reader = AttributeReader(cue: cue)
    let uri = cue.attribute("X-ASSET-URI")
    let list = cue.attribute("X-ASSET-LIST")
    switch (uri, list) {
    case (let uri?, nil): asset = .uri(try reader.url("X-ASSET-URI", uri, baseURL: baseURL))
    case (nil, let list?): asset = .list(try reader.url("X-ASSET-LIST", list, baseURL: baseURL))
    case (.some, .some): throw reader.error("X-ASSET-URI and X-ASSET-LIST", "one of them", found: "both")
    case (nil, nil): throw reader.error("X-ASSET-URI or X-ASSET-LIST", "one of them", found: "neither")
    }
    id = cue.id
    startTime = cue.startTime
    line = cue.line
    if let text = cue.attribute("DURATION") {
      duration = try reader.seconds("DURATION", text)
    } else if cue.attribute("END-DATE") != nil, let end = cue.endTime {
      duration = end - cue.startTime
    }
    plannedDuration = try cue.attribute("PLANNED-DURATION").map { text throws(HLSParseError) in
      try reader.seconds("PLANNED-DURATION", text)
    }
    resumeOffset = try reader.optionalSeconds("X-RESUME-OFFSET")
    playoutLimit = try reader.optionalSeconds("X-PLAYOUT-LIMIT")
    snap = try reader.list("X-SNAP", of: Snap.self)
    restrictions = try reader.list("X-RESTRICT", of: Restriction.self)
    // Early drafts of the spec named the attribute X-CUE; hls.js and Shaka read it when CUE is
    // absent, and so does adhost (a legacy pre-roll must not play as a mid-roll).
    let cueName = cue.attribute("CUE") == nil && cue.attribute("X-CUE") != nil ? "X-CUE" : "CUE"
    triggers = try reader.list(cueName, of: Trigger.self)
    if triggers.contains(.pre) && triggers.contains(.post) {
      throw reader.error(cueName, "PRE or POST, not both", found: cue.attribute(cueName) ?? "")
    }
    timelineOccupies = try reader.one("X-TIMELINE-OCCUPIES", of: TimelineOccupies.self) ?? .point
    timelineStyle = try reader.one("X-TIMELINE-STYLE", of: TimelineStyle.self) ?? .highlight
    contentMayVary = try reader.yesNo("X-CONTENT-MAY-VARY") ?? true
    let offset = try reader.optionalSeconds("X-SKIP-CONTROL-OFFSET")
    let skipDuration = try reader.optionalSeconds("X-SKIP-CONTROL-DURATION")
    let label = cue.attribute("X-SKIP-CONTROL-LABEL-ID")
    if offset != nil || skipDuration != nil || label != nil {
      skipControl = SkipControl(offset: offset, duration: skipDuration, labelId: label)
    }
    otherAttributes = cue.attributes.filter { !Self.knownNames.contains($0.name) }
  }

  /// The attributes this type reads (the rest are kept in `otherAttributes`).
  static let knownNames: Set<String> = [
    "ID", "CLASS", "START-DATE", "END-DATE", "DURATION", "PLANNED-DURATION", "END-ON-NEXT", "CUE",
    "X-ASSET-URI", "X-ASSET-LIST", "X-RESUME-OFFSET", "X-PLAYOUT-LIMIT", "X-SNAP", "X-RESTRICT",
    "X-TIMELINE-OCCUPIES", "X-TIMELINE-STYLE", "X-CONTENT-MAY-VARY", "X-SKIP-CONTROL-OFFSET",
    "X-SKIP-CONTROL-DURATION", "X-SKIP-CONTROL-LABEL-ID",
  ]
}

/// Reads the attributes of one interstitial date range, with errors that name it.
private struct AttributeReader {
  let cue: HLSCue

  func error(_ attribute: String, _ expected: String, found: String) -> HLSParseError {
    HLSParseError(
      line: cue.line,
      "#EXT-X-DATERANGE ID=\"\(cue.id)\": \(attribute): expected \(expected), found \(found)")
  }

  func url(_ name: String, _ text: String, baseURL: URL) throws(HLSParseError) -> URL {
    guard !text.isEmpty, let url = URL(string: text, relativeTo: baseURL)?.absoluteURL, url.scheme != nil,
      url.host != nil || url.scheme == "data"
    else { throw error(name, "a URI", found: "\"\(text.prefix(80))\"") }
    return url
  }

  func seconds(_ name: String, _ text: String) throws(HLSParseError) -> Double {
    do {
      return try HLSParser.seconds(Substring(text), tag: name, what: "a time", line: cue.line)
    } catch {
      throw self.error(name, "a decimal number of seconds from 0 to 604800", found: "\"\(text.prefix(40))\"")
    }
  }

  func optionalSeconds(_ name: String) throws(HLSParseError) -> Double? {
    guard let text = cue.attribute(name) else { return nil }
    return try seconds(name, text)
  }

  /// An enumerated-string-list: values separated by commas.
  func list<Value: RawRepresentable & CaseIterable & Hashable>(_ name: String, of: Value.Type)
    throws(HLSParseError) -> Set<Value> where Value.RawValue == String
  {
    guard let text = cue.attribute(name) else { return [] }
    var values: Set<Value> = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = String(item).trimmingSpaces
      guard let value = Value(rawValue: word) else {
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw error(name, "a comma-separated list of \(allowed)", found: "\"\(text.prefix(40))\"")
      }
      values.insert(value)
    }
    return values
  }

  func one<Value: RawRepresentable & CaseIterable>(_ name: String, of: Value.Type) throws(HLSParseError)
    -> Value? where Value.RawValue == String
  {
    guard let text = cue.attribute(name) else { return nil }
    guard let value = Value(rawValue: text) else {
      let allowed = Value.allCases.map(\.rawValue).joined(separator: " or ")
      throw error(name, allowed, found: "\"\(text.prefix(40))\"")
    }
    return value
  }

  func yesNo(_ name: String) throws(HLSParseError) -> Bool? {
    guard let text = cue.attribute(name) else { return nil }
    switch text {
    case "YES": return true
    case "NO": return false
    default: throw error(name, "YES or NO", found: "\"\(text.prefix(40))\"")
    }
  }
}
