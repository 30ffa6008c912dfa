import DASHKit
import Foundation
import HLSKit

/// The segments the loader loads from an MPD (docs/media.md "DASH segments"): in each Period,
/// one adaptation set — the first carrying video, else the first — and in it the Representation
/// `SegmentOptions.variant` picks, as for an HLS variant (the first; by position; the highest
/// `@bandwidth` at most the limit, else the lowest). Other adaptation sets (audio, text) are not
/// loaded. Times are content times: presentation time − `origin`.
enum DASHSegmentPlan {
  /// The segments in content time, and what kept a Period's segments from being listed.
  struct Plan {
    var segments: [LoadSegment] = []
    var issues: [String] = []
  }

  /// Makes `loader` load the segments of each MPD `mpds` loads (and reloads), noting as
  /// `mpd-issue` entries what keeps a Period's segments from being listed.
  static func connect(_ mpds: MPDReader, to loader: SegmentLoader, variant: SegmentOptions.Variant) {
    mpds.onSource = { [weak loader] in loader?.reset() }
    mpds.onLoad = { [weak mpds, weak loader] in
      guard let mpds, let loader, let mpd = mpds.timeline.latest, let url = mpds.url else { return }
      let plan = plan(
        mpds.timeline.periods, mpd: mpd, url: url, origin: mpds.origin, until: mpds.liveEdge(mpd),
        variant: variant)
      for issue in plan.issues { mpds.note(issue) }
      loader.update(plan.segments, atPlayhead: mpd.type == .live)
    }
  }

  /// The plan for `periods` (the MPD's, `mpd` the latest load, from `url`); Periods without an
  /// end list their segments up to `until` (presentation seconds: a live MPD's wall clock).
  static func plan(
    _ periods: [MPDPeriod], mpd: MPD, url: URL, origin: Double, until: Double?,
    variant: SegmentOptions.Variant
  ) -> Plan {
    var plan = Plan()
    for (index, period) in periods.enumerated() {
      guard let set = period.adaptationSets.first(where: \.isVideo) ?? period.adaptationSets.first else {
        continue
      }
      let bandwidths = set.representations.map { Int(clamping: $0.bandwidth ?? 0) }
      guard let pick = SegmentOptions.pick(variant, bandwidths: bandwidths) else {
        if !set.representations.isEmpty {
          plan.issues.append(
            "line \(set.line): Period \(MPDTimeline.key(period)): no Representation fits \(variant): its segments are not loaded"
          )
        }
        continue
      }
      do throws(MPDError) {
        let track = try DASHSegmentList.track(
          set.representations[pick], of: set, in: period, mpd: mpd, mpdURL: url, until: until)
        plan.segments += segments(track, period: period, index: index, origin: origin)
      } catch {
        plan.issues.append("\(error.message): the Period's segments are not loaded")
      }
    }
    return plan
  }

  private static func segments(_ track: DASHTrack, period: MPDPeriod, index: Int, origin: Double)
    -> [LoadSegment]
  {
    let initSegment = track.initialization.map { HLSMap(url: $0.url, byteRange: range($0.byteRange)) }
    return track.segments.enumerated().map { position, segment in
      LoadSegment(
        url: segment.url, byteRange: range(segment.byteRange), initSegment: initSegment,
        sequence: index * 1_000_000 + position, startTime: segment.start - origin, duration: segment.duration,
        discontinuity: position == 0 && index > 0, timestampOffset: track.timestampOffset - origin,
        period: MPDTimeline.key(period))
    }
  }

  private static func range(_ range: MPDByteRange?) -> HLSByteRange? {
    range.map {
      HLSByteRange(
        offset: Int(truncatingIfNeeded: $0.first), length: Int(truncatingIfNeeded: $0.last - $0.first + 1))
    }
  }
}
