import CheckedNumbers
import PlayerSeam

/// `impression-fired`: an ad whose VAST has `<Impression>` URLs (its `vasttracking` entry says
/// how many) fires an impression once it began: a beacon of `impression` or of an event the
/// tracking vocabulary in force counts as the impression.
extension StrictChecker {
  /// A `vasttracking` entry: the host tracks the ad just added with this id from its VAST.
  func vastTracked(_ entry: LogEntry) {
    guard let id = entry.adId, let count = entry.fields["impressions"]?.numberValue else { return }
    let ad = ads.ads(id).last ?? added(id, entry.adBreakTimeOffset)
    ad.impressionURLs = count
  }

  /// Each ad that began and whose VAST has `<Impression>` URLs fired an impression beacon
  /// (checked at the end: the beacons of its last instant settle after it).
  func impressionsChecked() {
    let names = vocabulary.impressionEventNames
    for ad in ads.all where ad.impressionURLs > 0 && !names.contains(where: { ad.firings[$0] != nil }) {
      guard let begin = ad.begins.last else { continue }
      let urls = CheckedNumbers.describe(ad.impressionURLs) + (ad.impressionURLs == 1 ? " URL" : " URLs")
      report(
        .impressionFired, ad.finish ?? begin, ad: ad,
        message: "no impression beacon, although the ad began at \(Self.time(begin.micros)) and its VAST has "
          + "\(urls) in <Impression>",
        entries: [begin, ad.finish].compactMap { $0 })
    }
  }
}
