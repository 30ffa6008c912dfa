import AdsCore
import Foundation
import GStreamerEngine
import OutsideText
import PlaybackEngine
import PlayerSeam

/// Which side timed a cue of the engine's player: its attribute `timedBy` (docs/plugin-api.md
/// "Cues on the real engine").
public enum CueTimedBy: String, Sendable {
  /// The engine: a SCTE-35 section tsdemux forwarded, at the splice time the engine mapped.
  case engine
  /// adhost: what the host read from the bytes the engine fetched (timed ID3, `emsg`, a
  /// playlist's date ranges and cue-outs, an MPD's Periods and Events), placed by the host.
  case adhost

  /// The attribute's name.
  public static let attribute = "timedBy"
}

extension EnginePlayer {
  /// The cues of a playlist or MPD the engine fetched: new ones are added (`addcue`), those a
  /// reload changed replace theirs; one that cannot be read is a `playlist-warning` (`mpd-issue`
  /// for an MPD) and the engine goes on with it as it can.
  func addCues(of fetched: EnginePlaylist) {
    guard let url = URL(string: fetched.url) else { return }
    switch playlists.read(fetched.body, url: url) {
    case .success(let load):
      if !load.changed.isEmpty {
        let changed = Dictionary(
          Self.timed(load.changed, by: .adhost).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        replaceCues(storedCues.map { changed[$0.id] ?? $0 })
      }
      mergeCues(Self.timed(load.added, by: .adhost))
      followLiveWindow(load.liveWindow)
      interstitials?.update(fetched: playlists, url: url)
    case .failure(let error):
      let kind: LogKind = url.pathExtension.lowercased() == "mpd" ? .mpdIssue : .playlistWarning
      appendLog(
        kind, fields: JSONObject([("url", .string(fetched.url)), ("message", .string(error.message))]))
    }
  }

  /// A live window that moved lets a stepped engine play one target duration of media further:
  /// in real time the window moves by about that much while that much plays, so the fast mode
  /// neither outruns the live edge nor fetches the window's next segment at another media time
  /// than a real-time player would. Once the playlist ends, the engine plays on freely.
  private func followLiveWindow(_ window: FetchedPlaylists.LiveWindowLoad?) {
    guard let window else {
      liveStepLimitMicros = nil
      return
    }
    guard window.moved else { return }
    liveStepLimitMicros = loop.nowMicros &+ VirtualTime.micros(max(1, window.targetDuration))
  }

  /// The cue of a SCTE-35 section tsdemux forwarded, once per section; one that cannot be read
  /// is a `segment-issue`.
  func addCue(of splice: EngineSplice) {
    switch splices.cue(for: splice, playhead: currentTime) {
    case .success(let cue?): mergeCues(Self.timed([cue], by: .engine))
    case .success(nil): break
    case .failure(let issue):
      appendLog(.segmentIssue, fields: JSONObject([("message", .string(issue.message))]))
    }
  }

  /// The timed metadata of what the engine fetched, placed at its time (`EngineCuePlacement`).
  func addPlaced(_ cues: [Cue]) { mergeCues(Self.timed(cues, by: .adhost)) }

  static func timed(_ cues: [Cue], by side: CueTimedBy) -> [Cue] {
    cues.map { cue in
      var timed = cue
      timed.attributes[CueTimedBy.attribute] = .string(side.rawValue)
      return timed
    }
  }
}
