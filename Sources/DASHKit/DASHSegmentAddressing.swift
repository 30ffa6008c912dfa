import CheckedNumbers
import Foundation

/// The arithmetic of `DASHSegmentList`: media times in ticks from a `SegmentTimeline` or a
/// fixed `@duration`, placed on the presentation timeline and named by the template or list.
struct Addressing {
  let info: MPDSegmentInfo
  /// `line N: <Representation path> <element>`, the start of every error.
  let place: String
  let base: URL
  let representation: MPDRepresentation
  let periodStart: Double
  /// Where the Period ends (infinity when open): segments stop there, the last one cut.
  let periodEnd: Double
  /// The live edge (infinity when static): only segments that end by it are available.
  let until: Double
  /// Where listing stops.
  var limit: Double { min(periodEnd, until) }
  let timescale: UInt64
  let offset: UInt64

  /// The media segments, by start.
  func segments() throws(MPDError) -> [DASHSegment] {
    try listed().filter { $0.end <= until + 0.000_001 }
  }

  private func listed() throws(MPDError) -> [DASHSegment] {
    switch info.kind {
    case .base:
      guard periodEnd.isFinite else {
        throw MPDError("\(place): a single segment needs a Period with an end")
      }
      return [
        DASHSegment(
          url: base, byteRange: nil, number: info.startNumber ?? 1, mediaTime: offset, start: periodStart,
          duration: max(0, periodEnd - periodStart))
      ]
    case .template:
      guard let media = info.media else { throw MPDError("\(place): expected a media attribute") }
      return try times().map { (number, time, ticks) throws(MPDError) in
        let values = DASHTemplate.Values(
          representationID: representation.id, bandwidth: representation.bandwidth, number: number, time: time
        )
        return segment(try url(media, values, "media"), nil, number, time, ticks)
      }
    case .list:
      let times = try times(count: info.segmentURLs.count)
      return try zip(info.segmentURLs, times).map { (entry, timing) throws(MPDError) in
        let url =
          try entry.media.map { (text) throws(MPDError) in try resolve(text, "SegmentURL@media") } ?? base
        var range: MPDByteRange?
        if let text = entry.mediaRange {
          guard let parsed = MPDByteRange(text) else {
            throw MPDError(
              "line \(entry.line): \(representation.path) SegmentURL@mediaRange: expected first-last bytes, got \"\(text)\""
            )
          }
          range = parsed
        }
        return segment(url, range, timing.number, timing.time, timing.ticks)
      }
    }
  }

  /// The initialization segment: `SegmentTemplate@initialization` (with `$RepresentationID$`
  /// and `$Bandwidth$`), or `Initialization@sourceURL` and `@range` (the `BaseURL` when only a
  /// range is given).
  func initialization() throws(MPDError) -> DASHInitSegment? {
    var range: MPDByteRange?
    if let text = info.initializationRange {
      guard let parsed = MPDByteRange(text) else {
        throw MPDError("\(place): Initialization@range: expected first-last bytes, got \"\(text)\"")
      }
      range = parsed
    }
    guard let text = info.initialization else {
      return range.map { DASHInitSegment(url: base, byteRange: $0) }
    }
    if info.kind == .template {
      let values = DASHTemplate.Values(
        representationID: representation.id, bandwidth: representation.bandwidth)
      return DASHInitSegment(url: try url(text, values, "initialization"), byteRange: range)
    }
    return DASHInitSegment(url: try resolve(text, "Initialization@sourceURL"), byteRange: range)
  }

  private func segment(_ url: URL, _ range: MPDByteRange?, _ number: UInt64, _ time: UInt64, _ ticks: UInt64)
    -> DASHSegment
  {
    let scale = Double(timescale)
    // Ticks are whole numbers up to 2^64; as doubles they lose precision only beyond 2^53.
    let start = periodStart + (Double(time) - Double(offset)) / scale
    let end = min(periodEnd, start + Double(ticks) / scale)
    return DASHSegment(
      url: url, byteRange: range, number: number, mediaTime: time, start: start, duration: max(0, end - start)
    )
  }

  private func url(_ template: String, _ values: DASHTemplate.Values, _ attribute: String) throws(MPDError)
    -> URL
  {
    switch DASHTemplate.expand(template, values) {
    case .failure(let error): throw MPDError("\(place)@\(attribute): \(error.message)")
    case .success(let text): return try resolve(text, "@\(attribute)")
    }
  }

  private func resolve(_ text: String, _ what: String) throws(MPDError) -> URL {
    guard let url = URL(string: text, relativeTo: base)?.absoluteURL else {
      throw MPDError("\(place)\(what.hasPrefix("@") ? "" : " ")\(what): \"\(text)\" is not a URL")
    }
    return url
  }

  /// Each segment's number, media time and duration in ticks: from the `SegmentTimeline`, else
  /// from `@duration` (as many as fit before `limit`, or `count` when a list gives them).
  private func times(count: Int? = nil) throws(MPDError) -> [(number: UInt64, time: UInt64, ticks: UInt64)] {
    let first = info.startNumber ?? 1
    var result: [(number: UInt64, time: UInt64, ticks: UInt64)] = []
    let end = limit.isFinite ? mediaTicks(at: limit) : nil
    func add(_ time: UInt64, _ ticks: UInt64) throws(MPDError) -> Bool {
      // Segments wholly before the Period, or starting at or past its end, are not its.
      if let end, time >= end { return false }
      if time.addingReportingOverflow(ticks).partialValue <= offset && time < offset { return true }
      guard result.count < DASHSegmentList.maxSegments, count.map({ result.count < $0 }) ?? true else {
        if count != nil { return false }
        throw MPDError("\(place): more than \(DASHSegmentList.maxSegments) segments in the Period")
      }
      result.append((first &+ UInt64(truncatingIfNeeded: result.count), time, ticks))
      return true
    }
    if let timeline = info.timeline {
      var next = offset
      var previousStart: UInt64 = 0
      for (index, entry) in timeline.enumerated() {
        var time = entry.time ?? next
        // Segments follow one another: an S@t before the previous segment's start is refused.
        guard time >= previousStart else {
          throw MPDError(
            "line \(entry.line): \(representation.path) S@t: \(time) is before the previous segment's start (\(previousStart))"
          )
        }
        var repeats = entry.repeatCount
        if repeats < 0 {
          let stop: UInt64
          if index + 1 < timeline.count {
            guard let following = timeline[index + 1].time else {
              throw MPDError(
                "line \(entry.line): \(representation.path) S@r=-1: expected the next S to have a t")
            }
            stop = following
          } else if let end {
            stop = end
          } else {
            throw MPDError(
              "line \(entry.line): \(representation.path) S@r=-1 at the last S needs a Period with an end")
          }
          repeats = stop > time ? Int64(clamping: (stop - time - 1) / entry.duration) : 0
        }
        for _ in 0...max(0, repeats) {
          previousStart = time
          guard try add(time, entry.duration) else { return result }
          let (sum, overflow) = time.addingReportingOverflow(entry.duration)
          guard !overflow else {
            throw MPDError("line \(entry.line): \(representation.path) S: times past 2^64 ticks")
          }
          time = sum
        }
        next = time
      }
      return result
    }
    guard let duration = info.duration else {
      throw MPDError("\(place): expected a duration attribute or a SegmentTimeline")
    }
    guard end != nil || count != nil else {
      throw MPDError("\(place): segments of a fixed duration need a Period with an end")
    }
    var time = offset
    while try add(time, duration) {
      let (sum, overflow) = time.addingReportingOverflow(duration)
      guard !overflow else { break }
      time = sum
    }
    return result
  }

  /// Presentation seconds as media ticks of this track (at least `offset`).
  private func mediaTicks(at seconds: Double) -> UInt64 {
    // A thousandth of a tick below: an end that is a whole tick stays that tick despite rounding.
    let ticks = (seconds - periodStart) * Double(timescale) + Double(offset) - 0.001
    guard ticks > 0 else { return 0 }
    return UInt64.checked(ticks, rounding: .up) ?? UInt64.max
  }
}
