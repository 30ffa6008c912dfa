import OutsideText

extension MediaSpec {
  /// The members a spec may have.
  static let members: Set<String> = [
    "format", "duration", "segmentDuration", "start", "id3", "emsg", "scte35", "dateranges", "payload",
    "live",
  ]
  /// The longest stream: a day.
  public static let maxDuration = 86_400.0
  /// The first media time past the 33-bit timestamps, in 90 kHz ticks: `start` stays below it.
  public static let maxStartTicks: UInt64 = 1 << 33
  /// The largest ID3 frame body written, in bytes.
  public static let maxID3FrameBytes = 65_536

  /// Reads a spec from JSON text; a mistake is an error naming its JSON path and what was expected.
  public static func read(_ text: String) throws(JSONPathError) -> MediaSpec {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      throw JSONPathError(error)
    }
    return try read(value)
  }

  /// Reads a spec from a parsed JSON value.
  public static func read(_ value: JSONValue) throws(JSONPathError) -> MediaSpec {
    let root = try SpecReader(value, path: "", duration: nil)
    try root.json.refuseUnknownMembers(except: members)
    let formatName = try root.json.requiredString("format")
    guard let format = Format(rawValue: formatName) else {
      throw root.error(
        "format",
        "expected one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(formatName)\"")
    }
    let duration = try root.seconds("duration", required: true, above: 0) ?? 0
    guard duration <= maxDuration else { throw root.error("duration", "expected at most 86400 s (a day)") }
    let segmentDuration = try root.seconds("segmentDuration", required: true, above: 0) ?? 0
    guard segmentDuration >= 0.5, segmentDuration <= duration else {
      throw root.error("segmentDuration", "expected from 0.5 s to the stream's duration (\(duration) s)")
    }
    var spec = MediaSpec(format: format, duration: duration, segmentDuration: segmentDuration)
    spec.start = try root.seconds("start") ?? 0
    // The stream may cross the 33-bit wrap: its MPEG-TS timestamps (PTS, SCTE-35 pts_time) wrap
    // modulo 2^33 as an encoder's do; CMAF's 64-bit decode times run on.
    guard (spec.start * 90_000).rounded() < Double(maxStartTicks) else {
      throw root.error(
        "start", "expected a media time below 2^33 ticks of 90 kHz (95443.717688 s), found \(spec.start)")
    }
    let reader = try SpecReader(value, path: "", duration: duration)
    spec.id3 = try reader.list("id3", readID3)
    spec.emsg = try reader.list("emsg", readEventMessage)
    spec.scte35 = try reader.list("scte35", readSplice)
    spec.dateranges = try reader.list("dateranges", readDateRange)
    spec.payload = try readPayload(reader)
    spec.live = try readLive(reader, spec)
    try spec.checkCarriers(reader)
    return spec
  }

  private static func readPayload(_ reader: SpecReader) throws(JSONPathError) -> Payload {
    guard let value = reader.json.value("payload") else { return .placeholder }
    if value.stringValue == "placeholder" { return .placeholder }
    let path = reader.json.path("payload")
    guard value.objectValue != nil else {
      throw JSONPathError(path: path, expectation: "expected \"placeholder\" or {\"clip\": FILE}")
    }
    let payload = try JSONReader(value, path: path)
    try payload.refuseUnknownMembers(except: ["clip"])
    return .clip(try payload.requiredString("clip"))
  }

  private static func readLive(_ reader: SpecReader, _ spec: MediaSpec) throws(JSONPathError) -> Live? {
    guard let value = reader.json.value("live") else { return nil }
    let live = try JSONReader(value, path: reader.json.path("live"))
    try live.refuseUnknownMembers(except: ["window"])
    let count = MediaTimeline(spec).segments.count
    guard let window = try live.integer("window", from: 1, to: count) else {
      throw JSONPathError(
        path: live.path("window"), expectation: "expected a whole number of segments from 1 to \(count)")
    }
    return Live(window: window)
  }
}
