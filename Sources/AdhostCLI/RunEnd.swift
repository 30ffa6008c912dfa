import AdPlayer
import PlayerSeam
import PluginHost

/// How `adhost run` ends besides the loop running out of things to do: with the content, even
/// while a plugin's timers would go on; and when VOD content plays on far longer than it lasts
/// (a plugin that seeks back or pauses for ever), which is an error.
struct RunEnd {
  let player: Player
  let until: Double?
  /// When the last scripted action is due: the run goes on past the content's end until then.
  let lastAction: Double

  /// Virtual seconds a run of VOD content lasting `duration` s may take, ads and pauses included.
  static func runawayLimit(forContent duration: Double) -> Double { max(10 * duration, duration + 3600) }

  init(player: Player, until: Double?, actions: [ScriptedAction]) {
    self.player = player
    self.until = until
    lastAction = actions.map(\.at).max() ?? 0
    Self.stopWhenContentEnds(player, after: lastAction)
    Self.stopAtFatalError(player)
  }

  /// Stops the player's loop after a fatal player error, once what else happens at that instant
  /// has run (the `error` listeners' beacons, scripted actions due then): nothing plays any more,
  /// and a plugin's timers would otherwise fire on (for ever, live content having no end).
  static func stopAtFatalError(_ player: Player) {
    let loop = player.loop
    player.addEventListener(.error) { _ in
      loop.afterMicros(0, phase: .userAction) {
        guard let fatal = player.fatalError else { return }
        loop.stop("playback stopped by fatal error \(fatal.code)")
      }
    }
  }

  /// Stops the player's loop once VOD content has ended and no ad plays (checked after what
  /// else happens at that instant: a post-roll begins when the content ends), if `time` has come.
  static func stopWhenContentEnds(_ player: Player, after time: Double) {
    let loop = player.loop
    let check: () -> Void = {
      loop.after(0) {
        guard player.ended, player.ads.currentAdBreak == nil, player.ads.currentAds.isEmpty,
          !player.playingInterstitial, loop.now >= time
        else { return }
        loop.stop("the content ended")
      }
    }
    player.addEventListener(.ended) { _ in check() }
    player.ads.addEventListener(.adbreakend) { _ in check() }
    player.addEventListener(.interstitialend) { _ in check() }
    // The content may have ended before the last scripted action: look again once it is done
    // (scheduled after the actions, in their phase, so it comes after those due at `time`).
    if time > 0 {
      loop.afterMicros(VirtualTime.micros(time) - loop.nowMicros, phase: .userAction) { check() }
    }
  }

  /// Plays the loaded source: to `until`, or to the content's end within the runaway limit. The
  /// outcome, and why the run was a runaway if it was.
  func run() -> (outcome: LoopOutcome, runaway: String?) {
    // First what happens at time 0: the source loads, and with it the content's duration.
    let start = player.run(until: 0)
    guard start.kind == .reachedLimit, until != 0 else { return (start, nil) }
    // A run given an end, and live content, go as far as asked.
    guard until == nil, let duration = player.timeline.duration else {
      return (player.run(until: until), nil)
    }
    let limit = max(Self.runawayLimit(forContent: duration), lastAction)
    let outcome = player.run(until: limit)
    guard outcome.kind == .reachedLimit, !player.ended else { return (outcome, nil) }
    let state = "\(player.paused ? "paused" : "playing") at \(Self.seconds(player.currentTime)) s"
    let runaway =
      "the content (\(Self.seconds(duration)) s) had not ended after \(Self.seconds(limit)) s of virtual "
      + "time (it was \(state)): does a plugin seek back or pause for ever? (give --until to run longer)"
    return (outcome, runaway)
  }

  private static func seconds(_ value: Double) -> String {
    VirtualTime.secondsText(VirtualTime.micros(value))
  }
}
