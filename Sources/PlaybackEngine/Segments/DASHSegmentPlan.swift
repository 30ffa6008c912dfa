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
    let loaderLink = loader.backlink
    mpds.onSource = { loaderLink.object?.reset() }
    mpds.onLoad = { [weak mpds] in
      guard let mpds, let loader = loaderLink.object, let mpd = mpds.timeline.latest, let url = mpds.url
      else { return }
      let live = mpd.type == .live
      let plan = plan(
        mpds.timeline.periods, mpd: mpd, url: url, origin: mpds.origin, until: mpds.liveEdge(mpd),
        from: live ? mpds.origin : nil, variant: variant)
      for issue in plan.issues { mpds.note(issue) }
      loader.update(plan.segments, atPlayhead: mpd.type == .live)
    }
  }

  /// The plan for `periods` (the MPD's, `mpd` the latest load, from `url`): with `until` (a live
  /// MPD's wall clock, presentation seconds) the segments available by then, and with `from` (the
  /// live join point) none that ended before it.
  static func plan(
    _ periods: [MPDPeriod], mpd: MPD, url: URL, origin: Double, until: Double?, from: Double? = nil,
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
          // Only a position past the last can miss (the first and a bandwidth always pick one).
          plan.issues.append(
            "line \(set.line): Period \(MPDTimeline.key(period)): the adaptation set has \(bandwidths.count) "
              + "Representations, none at the position asked (\(variant)): its segments are not loaded")
        }
        continue
      }
      do throws(MPDError) {
        let track = try DASHSegmentList.track(
          set.representations[pick], of: set, in: period, mpd: mpd, mpdURL: url, until: until, from: from)
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
    return track.segments.map { segment in
      // The segment's number (low 40 bits) under the Period's position: stable across reloads of a
      // live MPD, consecutive within a Period.
      let number = Int(truncatingIfNeeded: segment.number & (1 << 40 - 1))
      return LoadSegment(
        url: segment.url, byteRange: range(segment.byteRange), initSegment: initSegment,
        sequence: index << 40 + number, startTime: segment.start - origin, duration: segment.duration,
        discontinuity: segment.start <= period.start && index > 0,
        timestampOffset: track.timestampOffset - origin, period: MPDTimeline.key(period))
    }
  }

  private static func range(_ range: MPDByteRange?) -> HLSByteRange? {
    range.map {
      HLSByteRange(
        offset: Int(truncatingIfNeeded: $0.first), length: Int(truncatingIfNeeded: $0.last - $0.first + 1))
    }
  }
}
