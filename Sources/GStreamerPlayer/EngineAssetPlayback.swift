import Foundation
import GStreamerEngine
import PlaybackEngine
import PlayerSeam

/// The GStreamer player's interstitial assets: each plays, decoded, in an `adhost-gst` helper
/// of its own (a second `playbin3`, beside the primary content's, which stays loaded and paused
/// where the interstitial began), its requests through that engine's proxy and the host's logged
/// client. The asset ends when its engine reports the end of the stream; an engine error or a
/// crash ends it with the engine's message. In the fast mode the scheduler's clock follows the
/// asset's media time while it plays (`EngineRun` reads and steps its engine), then the primary
/// content's again. Host thread only.
public final class EngineAssetPlayback: InterstitialAssetPlayback {
  private let link: EnginePlayerLink

  /// Assets played beside `player`'s engine.
  public init(player: EnginePlayer) { link = player.link }

  public func play(_ url: URL, from offset: Double, length: Double, ended: @escaping (String?) -> Void) {
    guard let player = link.player else { return ended("the GStreamer player is gone") }
    player.startAsset(url, from: offset, ended: ended)
  }

  public func stop() { link.player?.stopAsset() }

  /// Its fast mode's paused pipeline may wait for ever for a preroll its video sink holds back
  /// (the unsynchronised audio ran ahead): a flushing seek starts it afresh at the resumption.
  public var seeksOnResume: Bool { true }
}

/// An interstitial asset playing in an engine of its own.
struct EngineAsset {
  let engine: GStreamerEngine
  let ended: (String?) -> Void
  /// The asset's playhead as its engine last reported it (microseconds).
  var positionMicros: Int64
  /// The asset's duration, once its engine reported it.
  var duration: Double?
}

extension EnginePlayer {
  /// The engine playing an interstitial's asset, if one plays: `EngineRun` reads its events
  /// (`handleAsset`) before the primary content's.
  public var assetEngine: GStreamerEngine? { asset?.engine }

  /// The asset's playhead while one plays (microseconds), for the run's stall watchdog.
  public var assetPositionMicros: Int64? { asset?.positionMicros }

  func startAsset(_ url: URL, from offset: Double, ended: @escaping (String?) -> Void) {
    stopAsset()
    guard !isDestroyed else { return ended("the GStreamer player was destroyed") }
    let engine: GStreamerEngine
    do throws(GStreamerEngineFailure) {
      engine = try GStreamerEngine(options: engineOptions)
      try engine.load(url, rendition: rendition)
    } catch {
      return ended(error.description)
    }
    asset = EngineAsset(engine: engine, ended: ended, positionMicros: VirtualTime.micros(offset))
    // The fast mode's clock counts the asset's media from here.
    loop.seeked(to: offset)
    if offset > 0 { engine.seek(to: offset) }
    engine.play()
  }

  /// Applies one event of the asset's engine `engine` (those of an engine stopped since are
  /// dropped): its positions move the fast mode's clock, its end or an error ends the asset.
  public func handleAsset(_ event: EngineEvent, from engine: GStreamerEngine) {
    guard let playing = asset, playing.engine === engine else { return }
    switch event {
    case .time(let position, let duration):
      loop.follow(position: position)
      asset?.positionMicros = VirtualTime.micros(position)
      if let duration, duration > 0 { asset?.duration = duration }
    case .state(.seeked, let position?): loop.seeked(to: position)
    case .state(.ended, _):
      // At its end the asset's playhead is its duration, as a media element's is: the fast
      // mode's clock counts the last frame's time too.
      if let duration = playing.duration { loop.follow(position: duration) }
      finishAsset(nil)
    case .error(let error): finishAsset(error.description)
    case .crashed(let reason): finishAsset("the GStreamer helper of the asset ended: \(reason)")
    default: break
    }
  }

  /// Stops the asset's engine, if one plays; the fast mode's clock follows the primary content
  /// again, from where it stands.
  func stopAsset() {
    guard let playing = asset else { return }
    asset = nil
    playing.engine.destroy(grace: 0.2)
    loop.seeked(to: VirtualTime.seconds(reportedPositionMicros))
  }

  private func finishAsset(_ failure: String?) {
    guard let playing = asset else { return }
    stopAsset()
    playing.ended(failure)
  }
}

extension EnginePlayer {
  /// Plays the HLS interstitials of the playlists the engine fetches through `engine` (the host's
  /// `PlaybackEngine`: their asset lists and playlists loaded by its logged client, its rules),
  /// each asset decoded in an engine of its own (`EngineAssetPlayback`).
  public func playInterstitials(through engine: PlaybackEngine) {
    interstitials = engine.playInterstitials(with: EngineAssetPlayback(player: self))
  }
}
