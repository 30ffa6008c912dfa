/// The segments' program date-times, for placing dates on the timeline: the segment to count
/// from is the last one dated at or before the date (the first dated one for an earlier date).
/// Found by binary search when every segment is dated and the dates never go back, as in a live
/// playlist, by a walk otherwise; either way without copying a segment. A walk with copies for
/// each date range made a 24 h playlist's 143 ranges cost more than reading its 14,400
/// segments (`adhost-bench hls`).
struct HLSDateIndex {
  private let segments: [HLSSegment]
  /// Each segment's date, when all are dated and in order; nil otherwise.
  private let ordered: [Double]?

  init(_ segments: [HLSSegment]) {
    self.segments = segments
    var dates: [Double] = []
    dates.reserveCapacity(segments.count)
    for index in segments.indices {
      // `<=` is false for NaN as well as for a date going back.
      guard let date = segments[index].programDateTime, dates.last.map({ $0 <= date }) ?? true else {
        ordered = nil
        return
      }
      dates.append(date)
    }
    ordered = dates
  }

  /// The timeline position of `date`; nil when no segment has a date.
  func time(of date: Double) -> Double? {
    if let ordered {
      guard !ordered.isEmpty else { return nil }
      // The first segment dated after `date`; the one before it is the anchor.
      var low = 0
      var high = ordered.count
      while low < high {
        let middle = low + (high - low) / 2
        if ordered[middle] > date { high = middle } else { low = middle + 1 }
      }
      let anchor = max(0, low - 1)
      return segments[anchor].startTime + (date - ordered[anchor])
    }
    var anchor: Int?
    for index in segments.indices {
      guard let segmentDate = segments[index].programDateTime else { continue }
      if anchor == nil || segmentDate <= date { anchor = index }
      if segmentDate > date { break }
    }
    guard let anchor, let anchorDate = segments[anchor].programDateTime else { return nil }
    return segments[anchor].startTime + (date - anchorDate)
  }
}
