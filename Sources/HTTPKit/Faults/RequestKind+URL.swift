import Foundation

extension RequestKind {
  /// What a request of a media engine that says nothing about it is for, by its URL alone: an HLS
  /// playlist (`.m3u8`) or DASH MPD (`.mpd`) is `playlist`, a URL ending as a media segment does
  /// (`.ts`, `.m4s`, `.aac`, … as recordings trim them) is `segment`; nil otherwise. A real
  /// engine's proxy names its requests so, for fault rules with a `kind`.
  public init?(contentURL url: URL) {
    let suffix = url.pathExtension.lowercased()
    if ["m3u8", "m3u", "mpd"].contains(suffix) {
      self = .playlist
    } else if RecordedSegment.extensions.contains(suffix) {
      self = .segment
    } else {
      return nil
    }
  }
}
