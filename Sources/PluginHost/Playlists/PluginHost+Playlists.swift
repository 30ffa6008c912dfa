import LuaKit
import PlaybackEngine
import PlayerSeam

extension PluginHost {
  /// Whether the source plays an HLS playlist (its first typed source's `type`, or a `src`
  /// ending in `.m3u8`), whose timeline the host reads from the playlist.
  public static func isHLS(_ source: SourceDescription) -> Bool { PlaybackEngine.isHLS(source) }

  /// Whether the source plays a DASH MPD (`application/dash+xml`, or a `src` ending in `.mpd`),
  /// whose timeline the host reads from its Periods.
  public static func isDASH(_ source: SourceDescription) -> Bool { PlaybackEngine.isDASH(source) }

  /// A cue as the table plugins get: `{id=, startTime=, endTime=, class=, kind=, attributes=}`.
  static func cueTable(_ cue: Cue) -> LuaValue {
    var fields: [String: LuaValue] = [
      "id": .string(cue.id), "startTime": .number(cue.startTime), "kind": .string(cue.kind),
    ]
    if let endTime = cue.endTime { fields["endTime"] = .number(endTime) }
    if let cueClass = cue.cueClass { fields["class"] = .string(cueClass) }
    var attributes: [String: LuaValue] = [:]
    for member in cue.attributes { attributes[member.key] = LuaValue(json: member.value) }
    fields["attributes"] = .dictionary(attributes)
    return .dictionary(fields)
  }

  /// `player.playlist`: `{url=, targetDuration=, live=}` of the media playlist playing, or nil.
  func playlistTable() -> LuaValue {
    guard let reader = engine.playlists, let url = reader.mediaURL else { return .nil }
    return .dictionary([
      "url": .string(url.absoluteString), "targetDuration": .number(reader.timeline.targetDuration),
      "live": .boolean(!reader.timeline.hasEnded),
    ])
  }
}
