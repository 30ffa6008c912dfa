import OutsideText
import PlayerSeam

extension EventLog {
  /// Appends the entry of a player or ad event at `micros`, with the fields a scenario or a
  /// report reads from the log alone: the cue entered, an ad's duration as it is created or
  /// changed, the playhead, the played percentage, an error's message and code, and where in the
  /// ad a late join began. Counts it only when the log records nothing.
  package func appendEvent(
    _ type: EventType, micros: Int64, ad: Ad? = nil, adBreak: AdBreak? = nil, currentTime: Double? = nil,
    playedPercentage: Double? = nil, errorMessage: String? = nil, errorCode: Int? = nil, cue: Cue? = nil,
    joinedAt: Double? = nil
  ) {
    guard isRecording else {
      countUnbuilt()
      return
    }
    var fields = JSONObject()
    if let joinedAt { fields["joinedAt"] = .number(joinedAt) }
    if let cue { fields["cue"] = .object(cue.logObject) }
    if type == .addad || type == .updatead, let duration = ad?.duration {
      fields["duration"] = .number(duration)
    }
    if let currentTime { fields["currentTime"] = .number(currentTime) }
    if let playedPercentage { fields["playedPercentage"] = .number(playedPercentage) }
    if let errorMessage { fields["message"] = .string(errorMessage) }
    if let errorCode { fields["code"] = .number(Double(errorCode)) }
    append(
      LogEntry(
        micros: micros, kind: LogKind(type), adId: ad?.id, adBreakTimeOffset: adBreak?.timeOffset,
        fields: fields))
  }

  /// Appends the entry of an event another module raises with fields of its own (the
  /// `interstitial…` events): `fields` with the playhead.
  package func appendDetailEvent(_ type: EventType, micros: Int64, fields: JSONObject, currentTime: Double) {
    guard isRecording else {
      countUnbuilt()
      return
    }
    var fields = fields
    fields["currentTime"] = .number(currentTime)
    append(LogEntry(micros: micros, kind: LogKind(type), fields: fields))
  }
}
