import DASHKit
import LuaKit
import PlaybackEngine
import PlayerSeam

extension PluginHost {
  /// `player.mpd`: the DASH MPD playing, or nil: `{url=, type=, live=, origin=,
  /// availabilityStartTime=, publishTime=, minimumUpdatePeriod=, timeShiftBufferDepth=,
  /// mediaPresentationDuration=, suggestedPresentationDelay=, periods={…}}` (docs/plugin-api.md).
  func mpdTable() -> LuaValue {
    guard let reader = engine.mpds, let url = reader.url, let mpd = reader.timeline.latest else {
      return .nil
    }
    var fields: [String: LuaValue] = [
      "url": .string(url.absoluteString), "type": .string(mpd.type.rawValue),
      "live": .boolean(mpd.type == .live), "origin": .number(reader.origin),
    ]
    func seconds(_ name: String, _ value: Double?) { if let value { fields[name] = .number(value) } }
    if let start = mpd.availabilityStartTime { fields["availabilityStartTime"] = .string(XSDate.text(start)) }
    if let publish = mpd.publishTime { fields["publishTime"] = .string(XSDate.text(publish)) }
    seconds("minimumUpdatePeriod", mpd.minimumUpdatePeriod)
    seconds("timeShiftBufferDepth", mpd.timeShiftBufferDepth)
    seconds("mediaPresentationDuration", mpd.mediaPresentationDuration)
    seconds("suggestedPresentationDelay", mpd.suggestedPresentationDelay)
    fields["periods"] = .array(
      reader.timeline.periods.map { period in
        var entry: [String: LuaValue] = [
          "key": .string(MPDTimeline.key(period)), "start": .number(period.start),
          "startTime": .number(period.start - reader.origin),
        ]
        if let id = period.id { entry["id"] = .string(id) }
        if let end = period.end { entry["endTime"] = .number(end - reader.origin) }
        if let duration = period.duration { entry["duration"] = .number(duration) }
        return .dictionary(entry)
      })
    return .dictionary(fields)
  }
}
