import DASHKit
import PlayerSeam
import SCTE35Kit

/// The cues of an MPD's Periods and Events, in content time (presentation time − `origin`):
///
/// - each Period: kind `period`, id its `Period@id` (else `start=<seconds>`), from its start to its end;
/// - each Event of an SCTE-35 `EventStream`: kind `scte35`, class the scheme, with the splice
///   command's fields; each Event of another stream: kind `event`, class the scheme. Its id is
///   `<period>/<stream n>/<Event@id, else #n>`; it lasts its `duration`, else the SCTE-35 break
///   duration, else the segmentation duration, else it is a point.
///
/// docs/plugin-api.md lists the attributes.
enum MPDCues {
  static func cues(_ periods: [MPDPeriod], origin: Double) -> [Cue] {
    var cues: [Cue] = []
    for period in periods {
      let key = MPDTimeline.key(period)
      var attributes: [(key: String, value: JSONValue)] = [("start", .number(period.start))]
      if let id = period.id { attributes.insert(("id", .string(id)), at: 0) }
      if let duration = period.duration { attributes.append(("duration", .number(duration))) }
      attributes.append(("eventStreams", .number(Double(period.eventStreams.count))))
      cues.append(
        Cue(
          id: key, startTime: period.start - origin, endTime: period.end.map { $0 - origin }, kind: "period",
          attributes: JSONObject(attributes)))
      for (streamIndex, stream) in period.eventStreams.enumerated() {
        for (eventIndex, event) in stream.events.enumerated() {
          let id = "\(key)/\(streamIndex + 1)/\(event.id ?? "#\(eventIndex + 1)")"
          cues.append(eventCue(event, stream: stream, id: id, period: key, origin: origin))
        }
      }
    }
    // By start; at the same start, in document order (a Period before its own Events).
    return cues.enumerated().sorted { ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset) }
      .map(\.element)
  }

  private static func eventCue(
    _ event: MPDEvent, stream: MPDEventStream, id: String, period: String, origin: Double
  ) -> Cue {
    var fields: [(key: String, value: JSONValue)] = [("period", .string(period))]
    if let eventId = event.id { fields.append(("eventId", .string(eventId))) }
    if let value = stream.value { fields.append(("value", .string(value))) }
    fields.append(("presentationTime", .number(Double(event.presentationTime))))
    fields.append(("timescale", .number(Double(stream.timescale))))
    if let seconds = event.seconds { fields.append(("duration", .number(seconds))) }
    if let data = event.messageData { fields.append(("messageData", .string(data))) }
    var length = event.seconds
    if let signal = event.scte35 {
      fields += scte35Fields(signal)
      length = length ?? signal.breakDurationSeconds ?? signal.segmentations.first?.seconds
    }
    let start = event.time - origin
    return Cue(
      id: id, startTime: start, endTime: start + (length ?? 0), cueClass: stream.schemeIdUri,
      kind: stream.isSCTE35 ? "scte35" : "event", attributes: JSONObject(fields))
  }

  static func scte35Fields(_ signal: SCTE35Signal) -> [(key: String, value: JSONValue)] {
    var fields: [(key: String, value: JSONValue)] = [("command", .string(signal.command.rawValue))]
    func number<T: BinaryInteger>(_ name: String, _ value: T?) {
      if let value { fields.append((name, .number(Double(value)))) }
    }
    number("spliceEventId", signal.spliceEventId)
    if signal.command == .spliceInsert { fields.append(("cancel", .bool(signal.cancel))) }
    if let out = signal.outOfNetwork { fields.append(("outOfNetwork", .bool(out))) }
    if signal.immediate { fields.append(("immediate", .bool(true))) }
    number("ptsTime", signal.ptsTime)
    number("ptsAdjustment", signal.ptsAdjustment)
    if let seconds = signal.breakDurationSeconds { fields.append(("breakDuration", .number(seconds))) }
    if let autoReturn = signal.autoReturn { fields.append(("autoReturn", .bool(autoReturn))) }
    if let segmentation = signal.segmentations.first {
      number("segmentationEventId", segmentation.eventId)
      number("segmentationTypeId", segmentation.typeId)
      if let seconds = segmentation.seconds { fields.append(("segmentationDuration", .number(seconds))) }
    }
    return fields
  }
}
