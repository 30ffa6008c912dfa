import OutsideText
import PlayerSeam

extension Cue {
  /// The cue as a `cue` log entry carries it: `id`, `kind`, `class` (when it has one), `startTime`
  /// and `endTime` (content seconds to the microsecond, the log's resolution; `endTime` when
  /// known) and `attributes`, so that a scenario can assert what the playhead entered.
  package var logObject: JSONObject {
    var object = JSONObject([("id", .string(id)), ("kind", .string(kind))])
    if let cueClass { object["class"] = .string(cueClass) }
    object["startTime"] = .number(Self.toMicrosecond(startTime))
    if let endTime { object["endTime"] = .number(Self.toMicrosecond(endTime)) }
    object["attributes"] = .object(attributes)
    return object
  }

  private static func toMicrosecond(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return seconds }
    return (seconds * 1_000_000).rounded() / 1_000_000
  }
}
