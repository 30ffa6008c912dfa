/// The rules checked once the log has ended, as what they wait for may come in a later
/// callback of the same instant: `skip-only-skipped`, `complete-when-played-to-end`,
/// `impression-fired`.
extension StrictChecker {
  func logEnded() {
    skipBeaconsChecked()
    completeBeaconsChecked()
    impressionsChecked()
  }

  /// Each `skip` beacon is for an ad that was skipped.
  private func skipBeaconsChecked() {
    for (entry, ad) in skipBeacons where !ad.skipped {
      report(.skipOnlySkipped, entry, ad: ad, message: "skip beacon for an ad that was not skipped")
    }
  }

  /// Each ad that sent its third-quartile beacon and played to its end (before any seek at its
  /// end) sent `complete` too.
  private func completeBeaconsChecked() {
    for ad in ads.all where ad.firings["complete"] == nil && ad.firings["thirdQuartile"] != nil {
      guard let end = ad.finish, end.kind == .adend, let duration = ad.duration,
        let played = played(ad, at: end.micros, beforeSeek: true),
        played >= duration - options.progressStep - 1e-6
      else { continue }
      report(
        .completeWhenPlayedToEnd, end, ad: ad,
        message: "no complete beacon, although the ad played \(Self.seconds(played)) of its "
          + Self.seconds(duration),
        entries: [ad.firings["thirdQuartile"]?.first, end].compactMap { $0 })
    }
  }
}
