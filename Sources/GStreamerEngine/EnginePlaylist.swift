/// An HLS playlist or DASH MPD the engine fetched, as its proxy answered it (a 2xx answer to a
/// request whose URL names a playlist: `.m3u8`, `.m3u`, `.mpd`): the host reads its ad markers
/// (`EXT-X-DATERANGE`, cue-outs, MPD `EventStream`s) from the same bytes the engine plays, and
/// never fetches it itself, so a live window is fetched once.
public struct EnginePlaylist: Sendable, Equatable {
  /// The URL the engine asked for (after a redirect, the redirect's target, which the engine
  /// asked for again): relative URIs in the body resolve against it.
  public var url: String
  /// The body, as the engine got it.
  public var body: [UInt8]

  /// A playlist fetched from `url`.
  public init(url: String, body: [UInt8]) {
    self.url = url
    self.body = body
  }
}
