import DASHKit
import Foundation
import HLSKit
import PlayerSeam

/// The cues of the HLS playlists and DASH MPDs a player's own engine fetched (a real engine,
/// whose proxy hands the host each body it answered): the host reads the same bytes and never
/// fetches them itself, so a live window is fetched once. The cues are those `PlaylistReader`
/// and `MPDReader` give the headless player — HLS date ranges and cue-out spans (`HLSTimeline`),
/// an MPD's Periods and `EventStream` Events (`MPDCues`), with the same ids — on these times:
///
/// - HLS: each media playlist's own timeline, 0 at the first segment of the first window fetched
///   from its URL, a live playlist's reloads merged by media sequence number, else by program
///   date-time (`HLSTimeline.merge`): the rule hlsdemux2 places its positions by. A date range's
///   `START-DATE` is placed through the window's program date-times, never compared with the wall
///   clock. VOD: content time = playlist time.
/// - DASH: presentation time, static and dynamic alike (dashdemux2's positions).
///
/// A load brings the cues whose ids were not given before (`added`), and those given before whose
/// end or attributes a later load changed (`changed`: a span's cue-in, a date range's `END-DATE`).
/// Multivariant playlists carry no cues. Host thread only.
public struct FetchedPlaylists {
  /// What one fetched body brought.
  public struct Load: Equatable, Sendable {
    /// Cues not given before, by start.
    public var added: [Cue] = []
    /// Cues given before, with their new end or attributes.
    public var changed: [Cue] = []
    /// A live HLS media playlist (no `EXT-X-ENDLIST` yet): whether its window reached further
    /// than before (the first load's does), and its target duration; nil otherwise.
    public var liveWindow: LiveWindowLoad?
  }

  /// What a load of a live HLS media playlist said of its window.
  public struct LiveWindowLoad: Equatable, Sendable {
    /// Whether the window's end reached further than at the last load of the same URL.
    public var moved: Bool
    /// `EXT-X-TARGETDURATION`, seconds: how often the window may move.
    public var targetDuration: Double
  }

  private var playlists: [String: HLSTimeline] = [:]
  private var mpd = MPDTimeline()
  private var given: [String: Cue] = [:]

  /// Nothing read yet.
  public init() {}

  /// Reads the body fetched from `url`: what it brought, or what reading it found wrong, with
  /// the URL (a warning: the engine reports its own errors).
  public mutating func read(_ body: [UInt8], url: URL) -> Result<Load, PlayerError> {
    let cues: [Cue]
    var liveWindow: LiveWindowLoad?
    do {
      if Self.isHLS(body) {
        guard case .media(let playlist) = try HLSParser.parse(Data(body), url: url) else {
          return .success(Load())
        }
        let known = playlists[url.absoluteString]
        var timeline = known ?? HLSTimeline()
        timeline.merge(playlist)
        playlists[url.absoluteString] = timeline
        if !timeline.hasEnded {
          let moved = known.map { timeline.end > $0.end } ?? true
          liveWindow = LiveWindowLoad(moved: moved, targetDuration: timeline.targetDuration)
        }
        cues = PlaylistReader.cues(of: timeline)
      } else {
        mpd.merge(try MPDParser.parse(Data(body)))
        cues = MPDCues.cues(mpd.periods, origin: 0)
      }
    } catch {
      return .failure(
        PlayerError(
          "the playlist \(url.absoluteString) the engine fetched cannot be read: \(error)",
          code: PlaylistReader.parseErrorCode))
    }
    var load = Load()
    load.liveWindow = liveWindow
    for cue in cues {
      switch given[cue.id] {
      case nil: load.added.append(cue)
      case let known? where known != cue: load.changed.append(cue)
      default: continue
      }
      given[cue.id] = cue
    }
    return .success(load)
  }

  /// The timeline of the media playlist fetched from `url` (its loads merged), if one was read.
  func timeline(of url: URL) -> HLSTimeline? { playlists[url.absoluteString] }

  /// Whether a body is an HLS playlist (`#EXTM3U` first, after a byte order mark or white
  /// space); else it is read as an MPD.
  static func isHLS(_ body: [UInt8]) -> Bool {
    var rest = body[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return rest.starts(with: Array("#EXTM3U".utf8))
  }
}
