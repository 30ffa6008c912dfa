import PlayerSeam

extension PlaybackEngine {
  /// Whether the source plays an HLS playlist (its first typed source's `type`, or a `src`
  /// ending in `.m3u8`), whose timeline the engine reads from the playlist.
  public static func isHLS(_ source: SourceDescription) -> Bool {
    source.sources.first.map(PlaylistReader.isHLS) ?? false
  }

  /// Whether the source plays a DASH MPD (`application/dash+xml`, or a `src` ending in `.mpd`),
  /// whose timeline the engine reads from its Periods.
  public static func isDASH(_ source: SourceDescription) -> Bool {
    source.sources.first.map(MPDReader.isDASH) ?? false
  }

  /// Makes the player read HLS sources through `reader` and DASH sources through `mpds`
  /// (`Player.prepareContent`); other sources get `fallback`.
  func readPlaylists(with reader: PlaylistReader, mpds: MPDReader, fallback: ContentTimeline) {
    player.prepareContent = { [weak reader, weak mpds] source, completion in
      guard let reader, let mpds else { return completion(.success(fallback)) }
      if let typed = source.sources.first, MPDReader.isDASH(typed) {
        reader.forget()
        return mpds.prepare(source, completion: completion)
      }
      mpds.forget()
      reader.prepare(source, fallback: fallback, completion: completion)
    }
    player.addEventListener(.error) { [weak reader, weak mpds] _ in
      reader?.stop()
      mpds?.stop()
    }
  }
}
