/// Segment times in media ticks: from a `SegmentTimeline`'s `S` runs, or from a fixed
/// `@duration`. Runs of segments that end before the Period (or before `Addressing.from`) are
/// skipped by arithmetic, not one by one, so a hostile `@r` costs nothing; at most
/// `DASHSegmentList.maxSegments` are listed.
extension Addressing {
  typealias Timing = (number: UInt64, time: UInt64, ticks: UInt64)

  /// Each segment's number, media time and duration in ticks (as many as fit before `limit`, or
  /// `count` when a list gives them).
  func times(count: Int? = nil) throws(MPDError) -> [Timing] {
    let end = limit.isFinite ? mediaTicks(at: limit) : nil
    let skipBefore = max(offset, from.map { mediaTicks(at: $0) } ?? 0)
    var collector = TimingCollector(
      first: info.startNumber ?? 1, end: end, skipBefore: skipBefore,
      cap: min(count ?? DASHSegmentList.maxSegments, DASHSegmentList.maxSegments), exact: count != nil,
      place: place)
    if let timeline = info.timeline {
      try timelineTimes(timeline, end: end, into: &collector)
      return collector.result
    }
    guard let duration = info.duration else {
      throw MPDError("\(place): expected a duration attribute or a SegmentTimeline")
    }
    guard end != nil || count != nil else {
      throw MPDError("\(place): segments of a fixed duration need a Period with an end")
    }
    _ = try collector.run(from: offset, duration: duration, count: UInt64.max)
    return collector.result
  }

  private func timelineTimes(
    _ timeline: [MPDTimelineEntry], end: UInt64?, into collector: inout TimingCollector
  )
    throws(MPDError)
  {
    let where_ = { (entry: MPDTimelineEntry) in "line \(entry.line): \(representation.path)" }
    let periodEndTicks = periodEnd.isFinite ? mediaTicks(at: periodEnd) : nil
    var next = offset
    var previousStart: UInt64 = 0
    for (index, entry) in timeline.enumerated() {
      let time = entry.time ?? next
      // Segments follow one another: an S@t before the previous segment's start is refused.
      guard time >= previousStart else {
        throw MPDError(
          "\(where_(entry)) S@t: \(time) is before the previous segment's start (\(previousStart))")
      }
      // A timeline whose first segment starts past the Period's end has none in it (S@t near
      // 2^64, a presentationTimeOffset far below the timeline): said, not silently empty.
      if collector.seen == 0, let periodEndTicks, time >= periodEndTicks {
        throw MPDError(
          "\(where_(entry)) S@t: \(time) is at or after the Period's end (\(periodEndTicks) ticks at "
            + "timescale \(timescale), presentationTimeOffset \(offset))")
      }
      var runs = UInt64(truncatingIfNeeded: max(0, entry.repeatCount)) + 1
      if entry.repeatCount < 0 {
        let stop: UInt64
        if index + 1 < timeline.count {
          guard let following = timeline[index + 1].time else {
            throw MPDError("\(where_(entry)) S@r=-1: expected the next S to have a t")
          }
          stop = following
        } else if let end {
          stop = end
        } else {
          throw MPDError("\(where_(entry)) S@r=-1 at the last S needs a Period with an end")
        }
        runs = stop > time ? (stop - time - 1) / entry.duration + 1 : 1
      }
      guard let after = try collector.run(from: time, duration: entry.duration, count: runs) else { return }
      previousStart = after.lastStart
      next = after.next
    }
    // Every segment ends before presentationTimeOffset (the media time at the Period's start).
    if from == nil, collector.result.isEmpty, let last = timeline.last, next <= offset {
      throw MPDError(
        "\(where_(last)): the SegmentTimeline ends at \(next), at or before presentationTimeOffset "
          + "\(offset) (the Period's start)")
    }
  }
}

/// Gathers segment timings, skipping those before `skipBefore` and stopping at `end` or `cap`.
struct TimingCollector {
  let first: UInt64
  let end: UInt64?
  let skipBefore: UInt64
  let cap: Int
  /// Whether `cap` is a list's length (reaching it ends the list) rather than a limit.
  let exact: Bool
  let place: String
  var result: [Addressing.Timing] = []
  /// Segments seen so far, skipped ones too (for `$Number$`).
  var seen: UInt64 = 0

  /// `count` segments of `duration` from `time`; answers where the run ended (its last start and
  /// the time after it), or nil when the listing is complete.
  mutating func run(from start: UInt64, duration: UInt64, count: UInt64) throws(MPDError)
    -> (lastStart: UInt64, next: UInt64)?
  {
    var time = start
    var remaining = count
    // Whole segments that end by skipBefore: skipped at once.
    if time < skipBefore {
      let skipped = min(remaining, (skipBefore - time) / duration)
      time = try advance(time, by: skipped, duration)
      seen &+= skipped
      remaining -= skipped
    }
    var lastStart = time
    while remaining > 0 {
      if let end, time >= end { return nil }
      guard result.count < cap else {
        if exact { return nil }
        throw MPDError("\(place): more than \(DASHSegmentList.maxSegments) segments in the Period")
      }
      result.append((first &+ seen, time, duration))
      seen &+= 1
      remaining -= 1
      lastStart = time
      let (sum, overflow) = time.addingReportingOverflow(duration)
      guard !overflow else {
        guard remaining == 0 else { throw MPDError("\(place): segment times past 2^64 ticks") }
        return nil
      }
      time = sum
    }
    return (lastStart, time)
  }

  private func advance(_ time: UInt64, by count: UInt64, _ duration: UInt64) throws(MPDError) -> UInt64 {
    let (span, overflow) = count.multipliedReportingOverflow(by: duration)
    let (sum, past) = time.addingReportingOverflow(span)
    guard !overflow, !past else { throw MPDError("\(place): segment times past 2^64 ticks") }
    return sum
  }
}
