import Foundation
import PlayerSeam

extension InterstitialPlayer {
  /// Where the seek comes from: the position the last event left, moved on by the clock.
  func seeking() {
    ownSeek = acting
    seekOrigin = anchor.position + (anchor.playing ? player.loop.now - anchor.clock : 0)
  }

  /// A seek by the viewer (or a plugin). While an interstitial plays: `X-RESTRICT=SKIP` refuses
  /// it (the playhead goes back), else it leaves the interstitial. Otherwise a seek forward past
  /// the start of an unplayed `JUMP`-restricted interstitial goes to it first (the last one
  /// passed), and on to the target once it has played.
  func seeked() {
    // A real engine reports the end of a seek later than the call that asked for it.
    let own = acting || ownSeek
    ownSeek = false
    guard !own else { return }
    let target = player.currentTime
    defer { note() }
    if let run {
      if run.scheduled.restrictsSkip {
        logSeek(run.scheduled, to: target, result: "refused: the interstitial has X-RESTRICT=SKIP")
        acting { player.seek(to: run.pausedAt) }
        return
      }
      logSeek(run.scheduled, to: target, result: "leaves the interstitial")
      endAsset(run, reason: "seek")
      endInterstitial(run, reason: "seek")
      cursorMicros = VirtualTime.micros(target) - 1
      if resumesPrimary { acting { player.play() } }
      arm()
      return
    }
    let origin = seekOrigin
    let jumped = scheduled.filter {
      $0.isMidRoll && $0.restrictsJump && !$0.played && $0.time > origin && $0.time <= target
    }
    if target > origin, let last = jumped.last {
      last.snapbackTarget = target
      logSeek(last, to: target, result: "plays the interstitial first (X-RESTRICT=JUMP)")
      acting { player.seek(to: last.time) }
      cursorMicros = VirtualTime.micros(last.time) - 1
    } else {
      cursorMicros = VirtualTime.micros(target) - 1
    }
    arm()
  }

  private func logSeek(_ scheduled: ScheduledInterstitial, to target: Double, result: String) {
    player.appendLog(
      .interstitialSeek,
      fields: JSONObject([
        ("interstitial", scheduled.logDetail), ("to", .number(target)), ("result", .string(result)),
      ]))
  }
}
