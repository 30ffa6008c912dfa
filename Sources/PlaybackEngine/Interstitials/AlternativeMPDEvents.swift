import DASHKit
import Foundation
import HLSKit

/// The Alternative-MPD events of an MPD (ISO/IEC 23009-1 6th edition §5.16) as interstitials the
/// interstitial player plays: each Event with a `ReplacePresentation` or `InsertPresentation`
/// becomes one at the Event's content time whose "asset list" is the ad-decision request (its
/// answer a List MPD, read by `InterstitialLoader.listMPD`).
///
/// - replace: the content's time moves on (it resumes at the Event's start plus its duration),
///   and the ads play at most the Event's duration (`@maxDuration` when given);
/// - insert: the content's time stands still (it resumes where it paused); `@maxDuration` caps it.
enum AlternativeMPDEvents {
  static func interstitials(_ periods: [MPDPeriod], origin: Double, mpdURL: URL) -> [HLSInterstitial] {
    var found: [HLSInterstitial] = []
    for period in periods {
      let key = MPDTimeline.key(period)
      for (streamIndex, stream) in period.eventStreams.enumerated() {
        for (eventIndex, event) in stream.events.enumerated() {
          guard let alternative = event.alternativeMPD,
            let url = requestURL(alternative.uri, copiesQuery: stream.copiesMPDQuery, mpdURL: mpdURL)
          else { continue }
          // The same id as the Event's cue (MPDCues), so that a plugin can match them.
          let id = "\(key)/\(streamIndex + 1)/\(event.id ?? "#\(eventIndex + 1)")"
          found.append(
            interstitial(
              id: id, start: event.time - origin, duration: event.seconds, alternative,
              timescale: stream.timescale,
              url: url))
        }
      }
    }
    return found
  }

  /// The interstitial of an Alternative-MPD event at `start` (content time) lasting `duration`,
  /// whose request is `url`.
  static func interstitial(
    id: String, start: Double, duration: Double?, _ alternative: MPDAlternativeMPD, timescale: UInt64,
    url: URL
  ) -> HLSInterstitial {
    var interstitial = HLSInterstitial(id: id, startTime: start, asset: .list(url))
    interstitial.duration = duration
    let limit = alternative.maxDuration.map { Double($0) / Double(max(1, timescale)) }
    switch alternative.mode {
    case .replace:
      interstitial.resumeOffset = duration ?? 0
      interstitial.playoutLimit = limit ?? duration
    case .insert:
      interstitial.resumeOffset = 0
      interstitial.playoutLimit = limit
    }
    if alternative.executeOnce { interstitial.triggers = [.once] }
    interstitial.otherAttributes = [HLSAttribute(name: "ALTERNATIVE-MPD", value: alternative.mode.rawValue)]
    return interstitial
  }

  /// `ReplacePresentation@uri` resolved against the MPD's URL, with the MPD URL's query
  /// parameters after its own when a `RequestParam` says `useMPDUrlQuery="true"` (Annex I).
  static func requestURL(_ uri: String, copiesQuery: Bool, mpdURL: URL) -> URL? {
    guard let url = URL(string: uri, relativeTo: mpdURL)?.absoluteURL else { return nil }
    guard copiesQuery, let items = URLComponents(url: mpdURL, resolvingAgainstBaseURL: false)?.queryItems
    else { return url }
    return InterstitialLoader.url(url, adding: items.map { ($0.name, $0.value ?? "") })
  }
}
