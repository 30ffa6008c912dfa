import OutsideText

/// One line of a run's log: a virtual time, a kind and details. Player and ad events are logged
/// by the player; other modules append their own (e.g. `beacon` entries: `LogKind`).
public struct LogEntry: Equatable, Sendable {
  /// The virtual time in microseconds.
  public var micros: Int64
  /// What the entry records: an event, an `action`, a `beacon`, … (its `"type"`).
  public var kind: LogKind
  /// The ad's id, written as `"ad":{"id":…}`.
  public var adId: String?
  /// The break's time offset, written as `"adBreak":{"timeOffset":…}`.
  public var adBreakTimeOffset: Double?
  /// Further details, in order, written as members of the line's object.
  public var fields: JSONObject

  /// Creates an entry.
  public init(
    micros: Int64, kind: LogKind, adId: String? = nil, adBreakTimeOffset: Double? = nil,
    fields: JSONObject = JSONObject()
  ) {
    self.micros = micros
    self.kind = kind
    self.adId = adId
    self.adBreakTimeOffset = adBreakTimeOffset
    self.fields = fields
  }

  /// The time in seconds.
  public var time: Double { Double(micros) / 1_000_000 }

  /// When what the entry records happened, in microseconds: for a `beacon` answered after the
  /// clock moved on (a real engine's clock does not wait for the answer), the time it was sent
  /// (its `sentAt`); for every other entry its time.
  public var sentMicros: Int64 {
    guard let sent = fields["sentAt"]?.numberValue else { return micros }
    return VirtualTime.micros(sent)
  }

  /// One JSON object: `{"t":…,"type":…,"ad":{"id":…},"adBreak":{"timeOffset":…},…fields}`.
  public var jsonLine: String {
    var line = "{\"t\":" + VirtualTime.secondsText(micros) + ",\"type\":"
    JSONWriter.writeString(kind.rawValue, to: &line)
    if let adId {
      line += ",\"ad\":{\"id\":"
      JSONWriter.writeString(adId, to: &line)
      line += "}"
    }
    if let adBreakTimeOffset {
      line += ",\"adBreak\":{\"timeOffset\":"
      JSONWriter.writeNumber(adBreakTimeOffset, to: &line)
      line += "}"
    }
    for member in fields where member.key != "t" && member.key != "type" {
      line += ","
      JSONWriter.writeString(member.key, to: &line)
      line += ":"
      JSONWriter.write(member.value, to: &line)
    }
    return line + "}"
  }

  /// A readable line: time, kind, ad and break, details (`   12.25  adbegin  ad=a1  break@0`).
  /// Outside text in it (ids, messages, URLs) has its control characters escaped
  /// (`TerminalEscape.line`), so the line stays one line and safe on a terminal.
  public var textLine: String {
    let time = VirtualTime.secondsText(micros)
    var parts = [String(repeating: " ", count: max(0, 10 - time.count)) + time, kind.rawValue]
    if let adId { parts.append("ad=\(TerminalEscape.line(adId))") }
    if let adBreakTimeOffset {
      var offset = ""
      JSONWriter.writeNumber(adBreakTimeOffset, to: &offset)
      parts.append("break@\(offset)")
    }
    for member in fields {
      let value = member.value.stringValue ?? member.value.jsonText
      parts.append("\(TerminalEscape.line(member.key))=\(TerminalEscape.line(value))")
    }
    return parts.joined(separator: "  ")
  }
}
