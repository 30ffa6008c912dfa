import AdsCore
import OutsideText
import PlayerSeam

extension ScriptedAction {
  /// What the `action` log entry of this action says, on a player whose integrations are `ads`
  /// (the headless player's or the real engine's): a skip names the ad it asks to skip, or the ad
  /// and why it is refused — with `skippableIn`, the seconds the ad still has to play, when it is
  /// not skippable yet — or that there is none; a click (made by `click`) its outcome.
  public func entry(ads: Ads, click: (ClickTarget, Ad) -> ClickOutcome) -> (adId: String?, fields: JSONObject)
  {
    var fields = JSONObject([("do", .string(name))])
    var adId: String?
    switch kind {
    case .seek(let target): fields["to"] = .number(target)
    case .skip:
      switch ads.skipCandidate() {
      case .success(let ad): adId = ad.id
      case .failure(let refusal):
        fields["result"] = .string(refusal.result.summary)
        switch refusal.result {
        case .notSkippable(let id), .notYetSkippable(let id): adId = id
        default: break
        }
        if let left = refusal.secondsLeft { fields["skippableIn"] = .number(left) }
      }
    case .click(let target):
      fields["target"] = .string(target.rawValue)
      if let ad = ads.currentAds.first {
        adId = ad.id
        let outcome = click(target, ad)
        if let refused = outcome.refused { fields["result"] = .string(refused) }
        if let url = outcome.clickThrough { fields["clickThrough"] = .string(url) }
      } else {
        fields["result"] = .string("no ad playing")
      }
    case .play, .pause, .stop: break
    }
    return (adId, fields)
  }

  /// A click no host tracking decides: on the ad it leads to its `clickThrough`, and nothing else
  /// can be clicked.
  public static func defaultClick(_ target: ClickTarget, on ad: Ad) -> ClickOutcome {
    guard target == .ad else { return ClickOutcome(refused: "no \(target.rawValue) to click") }
    return ClickOutcome(clickThrough: ad.clickThrough)
  }
}
