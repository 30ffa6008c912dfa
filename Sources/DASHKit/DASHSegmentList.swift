import Foundation

/// Lists the segments of a Representation in a Period (ISO/IEC 23009-1 §5.3.9): from a
/// `SegmentTemplate` with `@duration` or a `SegmentTimeline` (`S@t`, `@d`, `@r`, `@r="-1"` up to
/// the next `S@t` or the Period's end), a `SegmentList`, or a `SegmentBase` (the `BaseURL` as one
/// segment; its `indexRange` is not read), each URL resolved through the `BaseURL`s of the MPD,
/// the Period, the adaptation set and the Representation. A Representation with neither segment
/// information nor a `BaseURL` anywhere above it lists no segments.
public enum DASHSegmentList {
  /// The most segments one Representation may list in one Period.
  public static let maxSegments = 100_000

  /// The track of `representation` (of `adaptationSet`, in `period` of `mpd`, loaded from
  /// `mpdURL`); with `until` (a live MPD's wall clock, presentation seconds), only the segments
  /// available by then: those that end by it; with `from`, not those that end by `from` (a live
  /// MPD's listing starts at the join point, not at a Period start hours back). Throws what makes the segments unknowable, naming the line and
  /// the element.
  public static func track(
    _ representation: MPDRepresentation, of adaptationSet: MPDAdaptationSet, in period: MPDPeriod,
    mpd: MPD, mpdURL: URL, until: Double? = nil, from: Double? = nil
  ) throws(MPDError) -> DASHTrack {
    let base = try baseURL(representation, adaptationSet, period, mpd, mpdURL)
    let inherited = adaptationSet.segmentInfo.map { $0.inheriting(period.segmentInfo) } ?? period.segmentInfo
    let stated = representation.segmentInfo?.inheriting(inherited) ?? inherited
    let hasBaseURL = [mpd.baseURL, period.baseURL, adaptationSet.baseURL, representation.baseURL].contains {
      $0 != nil
    }
    // Neither segment information nor a BaseURL: the MPD describes no segments (a timeline-only MPD).
    guard stated != nil || hasBaseURL else {
      return DASHTrack(
        representation: representation, kind: .base, initialization: nil, segments: [], timescale: 1,
        presentationTimeOffset: 0, timestampOffset: period.start,
        inbandEventStreams: adaptationSet.inbandEventStreams + representation.inbandEventStreams)
    }
    let info = stated ?? MPDSegmentInfo(kind: .base, line: representation.line)
    let place = "line \(info.line): \(representation.path) \(info.kind.rawValue)"
    let timescale = info.timescale ?? 1
    let offset = info.presentationTimeOffset ?? 0
    let addressing = Addressing(
      info: info, place: place, base: base, representation: representation, periodStart: period.start,
      periodEnd: period.end ?? .infinity, until: until ?? .infinity, from: from, timescale: timescale,
      offset: offset)
    let segments = try addressing.segments()
    return DASHTrack(
      representation: representation, kind: info.kind, initialization: try addressing.initialization(),
      segments: segments, timescale: timescale, presentationTimeOffset: offset,
      timestampOffset: period.start - Double(offset) / Double(timescale),
      inbandEventStreams: adaptationSet.inbandEventStreams + representation.inbandEventStreams)
  }

  /// The Representation's base: the MPD's URL, then each level's `BaseURL` resolved against the
  /// one above.
  static func baseURL(
    _ representation: MPDRepresentation, _ adaptationSet: MPDAdaptationSet, _ period: MPDPeriod, _ mpd: MPD,
    _ mpdURL: URL
  ) throws(MPDError) -> URL {
    var url = mpdURL
    let levels = [
      (mpd.baseURL, "MPD/BaseURL"), (period.baseURL, "Period BaseURL"),
      (adaptationSet.baseURL, "AdaptationSet BaseURL"), (representation.baseURL, "Representation BaseURL"),
    ]
    for case (let text?, let name) in levels {
      guard let resolved = URL(string: text, relativeTo: url)?.absoluteURL else {
        throw MPDError(
          "line \(representation.line): \(representation.path): the \(name) \"\(text)\" is not a URL")
      }
      url = resolved
    }
    return url
  }
}
