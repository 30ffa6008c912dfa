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
  /// Segments that end by this presentation time are left out (a live MPD's listing starts at
  /// the join point instead of at a Period start hours back); nil: none.
  let from: Double?
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

  /// Presentation seconds as media ticks of this track (at least `offset`).
  func mediaTicks(at seconds: Double) -> UInt64 {
    // A thousandth of a tick below: an end that is a whole tick stays that tick despite rounding.
    let ticks = (seconds - periodStart) * Double(timescale) + Double(offset) - 0.001
    guard ticks > 0 else { return 0 }
    return UInt64.checked(ticks, rounding: .up) ?? UInt64.max
  }
}
