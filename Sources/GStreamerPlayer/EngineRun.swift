import Foundation
import GStreamerEngine
import PlayerSeam
import Synchronization

/// Drives an `EnginePlayer` on the host thread: reads the engine's events and applies them, runs
/// the scheduler's timers and the work other threads answered, until the content ends (and no
/// ad plays), a fatal error, `until` seconds of the scheduler's time, or an interruption. Then
/// `finish()` destroys the player and reads what the engine said last (its frame counts).
/// `interrupt` may come from any thread. Host thread only.
public final class EngineRun {
  /// How a run ended.
  public enum Ending: String, Sendable, Equatable {
    /// The content played to its end and no ad plays.
    case ended
    /// A fatal player error stopped playback.
    case fatal
    /// The scheduler's time reached `until`.
    case reachedLimit
    /// `interrupt` was called (Ctrl-C).
    case interrupted
    /// The engine's helper ended, or no source loaded within `loadTimeout`.
    case idle
  }

  /// The player driven.
  public let player: EnginePlayer
  /// Seconds of wall time a source may take to reach the engine (the integrations' `setSource`
  /// included) before the run gives up as idle.
  public var loadTimeout = 60.0
  /// Seconds of wall time the playhead may stand still while the content plays (not paused,
  /// not ended) before the run gives up as idle: an engine that stalls (a live stream whose
  /// window stops moving, a stepped pipeline that waits) must not hold the run for ever.
  public var stallTimeout = 20.0
  private var lastPlayhead: Int64 = -1
  /// Where the stepped engine last reported its playhead since the last seek: where it waits.
  private var steppedFrom: Double?
  /// Where the stepped primary engine waits while an interstitial's asset plays.
  private var heldStep: Double?
  private var playheadMovedAt = Date()
  private let interruption = Mutex<String?>(nil)
  /// The longest the loop waits for an event before it looks at its timers again, microseconds.
  private static let sliceMicros: Int64 = 20_000

  /// A run of `player`.
  public init(player: EnginePlayer) { self.player = player }

  /// Ends the run from any thread; the loop sees it within a slice.
  public nonisolated func interrupt(_ reason: String) { interruption.withLock { $0 = reason } }

  /// Plays until the run ends; how, and why in words.
  public func run(until limit: Double? = nil) -> (ending: Ending, reason: String) {
    let started = Date()
    while true {
      if let ending = checkEnd(limit: limit, started: started) { return ending }
      guard turn() else {
        player.loop.runDue()
        if let ending = checkEnd(limit: limit, started: started) { return ending }
        return (.idle, "the GStreamer helper ended")
      }
    }
  }

  /// Drives the player as `run` does until `done()` holds, the engine's helper has ended, or
  /// `wallSeconds` of wall time passed; whether `done()` holds. For a caller that waits for what
  /// it asked of the engine (a seek's `seeked`: `player.awaitsEngine`) or for a state.
  public func drive(wallSeconds: Double, until done: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: wallSeconds)
    while !done() {
      guard Date() < deadline, turn() else {
        player.loop.runDue()
        return done()
      }
    }
    return true
  }

  /// One turn of the loop: waits up to a slice for the engine's events (or, before the engine,
  /// for work) and applies them, then runs the timers due. False when the engine's helper has
  /// ended and every event it sent was read.
  private func turn() -> Bool {
    let loop = player.loop
    var slice = Self.sliceMicros
    if let due = loop.nextDueMicros { slice = max(0, min(slice, due &- loop.nowMicros)) }
    if let engine = player.engine {
      // While an interstitial's asset plays in an engine of its own, that engine leads.
      let leading = player.assetEngine ?? engine
      if let event = leading.next(before: Date(timeIntervalSinceNow: Double(slice) / 1_000_000)) {
        apply(event, leading)
        // What else the engine said meanwhile, without waiting.
        while let more = leading.next(before: Date()) { apply(more, leading) }
      } else if engine.isFinished {
        return false
      }
      if leading !== engine {
        while let more = engine.next(before: Date()) { apply(more, engine) }
      }
      releaseHeldStep()
    } else {
      loop.waitForWork(untilMicros: loop.nowMicros &+ slice)
    }
    loop.runDue()
    return true
  }

  /// Applies an event and runs the timers it made due; a stepped engine may then play on, a step
  /// further than the playhead it reported (or, when a live window moved, than the last one).
  private func apply(_ event: EngineEvent, _ engine: GStreamerEngine) {
    let primary = engine === player.engine
    if primary { player.handle(event) } else { player.handleAsset(event, from: engine) }
    player.loop.runDue()
    guard engine.isStepped else { return }
    if primary, player.assetEngine != nil {
      // The primary content is paused while an interstitial's asset plays: the frame it reported
      // passes (its pipeline's pause completes with it), the next waits; it is stepped on once the
      // asset is over, on the clock of the primary content again.
      if case .time(let position, _) = event {
        engine.step(until: position)
        heldStep = position
      }
      return
    }
    guard engine === (player.assetEngine ?? player.engine) else { return }
    guard primary else {
      if case .time(let position, _) = event { step(engine, from: position, live: false) }
      return
    }
    // A seek the host asked for is under way: a position the engine reports now is of the stream
    // before it, and a step from there would let the stream after it play that far unstepped.
    guard player.seekTargetMicros == nil else {
      steppedFrom = nil
      return
    }
    switch event {
    case .time(let position, _):
      steppedFrom = position
      step(engine, from: position, live: true)
    case .playlist:
      if let position = steppedFrom { step(engine, from: position, live: true) }
    case .state(.seeked, let target?):
      // The first frame past the target may have been reported before the seek was done (and
      // taken for one of the stream before it): it waits for a step from the target.
      steppedFrom = target
      step(engine, from: target, live: true)
    case .state(.seeking, _):
      steppedFrom = nil
    default: break
    }
  }

  /// Steps the primary content's engine from where it waited while an interstitial's asset
  /// played, once the asset is over.
  private func releaseHeldStep() {
    guard let position = heldStep, player.assetEngine == nil, let engine = player.engine else { return }
    heldStep = nil
    // The content resumes with a seek: it is stepped from the seek's target once it is done.
    guard player.seekTargetMicros == nil else { return }
    steppedFrom = position
    step(engine, from: position, live: true)
  }

  /// Lets a stepped engine waiting at `position` play on. A step ends short of the next timer:
  /// the frame due then is reported, and the timer fires at its own time, not at the next
  /// report's. On a live stream (`live`: the primary content's) it also ends where the live
  /// window has to move first (`EnginePlayer.liveStepLimitMicros`): the engine waits there for
  /// the demuxer's next load.
  private func step(_ engine: GStreamerEngine, from position: Double, live: Bool) {
    let loop = player.loop
    let liveLimit = live ? player.liveStepLimitMicros : nil
    var until = position + Self.stepSeconds
    for limit in [loop.nextDueMicros, liveLimit].compactMap({ $0 }) where limit > loop.nowMicros {
      until = min(until, position + VirtualTime.seconds(limit &- loop.nowMicros) - 0.000_001)
    }
    // The frame at `position` waits: the live window has to move first.
    if let liveLimit, liveLimit <= loop.nowMicros { return }
    until = max(position, until)
    loop.stepped(until: until)
    engine.step(until: until)
  }

  /// How far a stepped engine plays past each position it reports (its reports' spacing).
  static let stepSeconds = 0.1

  /// Destroys the player (its integrations' `resetSource` and `destroy`, then the engine) and
  /// applies what the engine said last: the frame counts, until the helper exited.
  public func finish() {
    player.destroy()
    player.loop.runDue()
    guard let engine = player.engine else { return }
    let deadline = Date(timeIntervalSinceNow: 3)
    while let event = engine.next(before: deadline) {
      if case .frames = event { player.handle(event) }
      if case .exited = event { break }
      if case .crashed = event { break }
    }
    player.loop.runDue()
  }

  private func checkEnd(limit: Double?, started: Date) -> (ending: Ending, reason: String)? {
    if let reason = interruption.withLock({ $0 }) { return (.interrupted, reason) }
    if let fatal = player.fatalError { return (.fatal, "playback stopped by fatal error \(fatal.code)") }
    if player.ended, player.ads.currentAdBreak == nil, player.ads.currentAds.isEmpty,
      !player.playingInterstitial
    {
      return (.ended, "the content ended")
    }
    if let limit, player.loop.now >= limit { return (.reachedLimit, "reached \(limit) s") }
    if !player.isLoaded, -started.timeIntervalSinceNow > loadTimeout {
      return (.idle, "no source reached the engine within \(loadTimeout) s")
    }
    return stall()
  }

  /// The run's end when the playhead has stood still for `stallTimeout` while the content
  /// plays; nil otherwise.
  private func stall() -> (ending: Ending, reason: String)? {
    // An interstitial's asset playing in an engine of its own is the playhead that must move.
    let playhead = player.assetPositionMicros ?? player.positionMicros
    let playing =
      player.assetEngine != nil || (player.isLoaded && !player.paused && !player.ended && player.wantsToPlay)
    if playhead != lastPlayhead || !playing {
      lastPlayhead = playhead
      playheadMovedAt = Date()
      return nil
    }
    guard -playheadMovedAt.timeIntervalSinceNow > stallTimeout else { return nil }
    let seconds = VirtualTime.secondsText(playhead)
    return (
      .idle, "the engine's playhead stood at \(seconds) s for \(stallTimeout) s of wall time while playing"
    )
  }
}
