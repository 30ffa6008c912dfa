import Foundation
import HLSKit
import PlayerSeam

/// Where a live stream's content goes on around interstitials: its window moves on while they
/// play (the playlist is reloaded), so the point the interstitial names may have left it, and a
/// pre-roll stands in for the time the viewer would have been watching.
extension InterstitialPlayer {
  /// A live HLS stream's resumption point kept inside the latest window: a point the window has
  /// moved past (`START-DATE` + `X-RESUME-OFFSET` after a long interstitial) becomes the window's
  /// first segment, the nearest point still playable. VOD and DASH: the point as it is.
  func withinLiveWindow(_ point: Double) -> Double {
    guard isLive, let first = segments.first?.startTime, point < first else { return point }
    return first
  }

  /// Where a live stream's content goes on after its pre-rolls: as far on from where it stood
  /// as the clock went while they played (the distance behind the live edge the viewer joined
  /// at is kept), within the latest window.
  var liveJoinAfterPreRoll: Double {
    let point = queueBegan.content + max(0, player.loop.now - queueBegan.clock)
    return withinLiveWindow(min(point, segments.last?.endTime ?? point))
  }

  /// On a live stream, the mid-roll that `here` falls inside (its `START-DATE` before it, and
  /// `DURATION`, else `X-RESUME-OFFSET`, else `PLANNED-DURATION` reaching past it), with how far
  /// into it `here` is: it plays from there (`_HLS_start_offset`).
  func joinedInside(at here: Double) -> (ScheduledInterstitial, Double)? {
    guard isLive,
      let joined = scheduled.last(where: { entry in
        guard entry.isMidRoll, entry.mayPlay, !entry.played, entry.time < here else { return false }
        let value = entry.interstitial
        let span = value.duration ?? value.resumeOffset ?? value.plannedDuration
        return span.map { here < entry.time + $0 } ?? false
      })
    else { return nil }
    return (joined, here - joined.time)
  }
}
