import Foundation
import HLSKit
import PlayerSeam

extension InterstitialPlayer {
  /// An asset list (or a List MPD) was loaded: its assets play in order; one that could not be
  /// loaded or read ends the interstitial.
  func listLoaded(
    _ run: InterstitialRun,
    _ result: Result<
      ([InterstitialRun.PlannedAsset], HLSInterstitial.SkipControl?, [String: String]), InterstitialFailure
    >
  ) {
    let scheduled = run.scheduled
    switch result {
    case .failure(let failure):
      player.emit(
        .interstitialerror,
        detail: JSONObject([("interstitial", scheduled.detail), ("message", .string(failure.message))]),
        logged: JSONObject([("interstitial", scheduled.logDetail), ("message", .string(failure.message))]))
      endInterstitial(run, reason: "error")
    case .success(let (planned, skipControl, otherMembers)):
      run.assets = planned
      if let skipControl { run.skipControl = skipControl }
      let assets = JSONValue.array(run.assets.enumerated().map { Self.assetDetail($0.offset, $0.element) })
      var detail = JSONObject([("interstitial", scheduled.detail), ("assets", assets)])
      if let skipControl { detail["skipControl"] = ScheduledInterstitial.skipControl(skipControl) }
      if !otherMembers.isEmpty { detail["members"] = Self.members(otherMembers) }
      var logged = JSONObject([
        ("interstitial", scheduled.logDetail), ("assets", .number(Double(planned.count))),
      ])
      if let skipControl { logged["skipControl"] = ScheduledInterstitial.skipControl(skipControl) }
      player.emit(.assetlistloaded, detail: detail, logged: logged)
      guard self.run === run else { return }
      playAsset(0, of: run)
    }
  }
}
