import CheckedNumbers
import Foundation
import OutsideText

/// Builds a media playlist line by line: the general reader of a line's text (over Characters)
/// here, the reader of an ASCII line's bytes in `HLSMediaBuilder+Bytes.swift`.
struct HLSMediaBuilder {
  let url: URL
  private var targetDuration: Double?
  private var mediaSequence = 0
  private var hasEndList = false
  private var playlistType: String?
  private var segments: [HLSSegment] = []
  private var elapsed = 0.0
  var pendingDuration: (seconds: Double, line: Int)?
  var pendingDate: Double?
  var pendingDiscontinuity = false
  private var dateRanges: [(attributes: [HLSAttribute], line: Int)] = []
  private var dateRangeIndex: [String: Int] = [:]
  var warnings: [HLSParseError] = []
  private var start: HLSStart?
  private var spans = HLSCueOutSpans()
  var pendingRange: (range: HLSByteRange, line: Int)?
  /// Where the last sub-range ended, by URI (an `#EXT-X-BYTERANGE` without an offset follows it);
  /// the latest URI's apart, as sub-ranges of one resource mostly come one after another (its end
  /// updated in place while the URI stays the same, without a retain and release of the URI).
  private var rangeEnds: [String: Int] = [:]
  private var lastRangeURI: HLSResolvedURI?
  private var lastRangeEnd = 0
  private var map: HLSMap?
  /// Where the first segment with its own `#EXT-X-PROGRAM-DATE-TIME` is.
  private var firstDated: Int?
  /// The date the next segment carries on without one of its own: the last one's plus its duration.
  private var carriedDate: Double?
  /// Whether a line starts with `#EXT-X-STREAM-INF`: the playlist is multivariant (or an error).
  var hasVariant = false

  let resolver: HLSURLResolver
  /// The text of the last plain URI read from bytes (`HLSURLResolver.uri(_:line:lastPlain:)`).
  var lastPlainURI: String?
  /// The bytes of the last segment's URI line, when it was read from bytes (in the document's
  /// buffer, which outlives the builder's reading): a URI line with the same bytes has its URI.
  var lastURILine: HLSBytes?

  /// The last segment's URI.
  var lastSegmentURI: HLSResolvedURI? {
    segments.isEmpty ? nil : segments[segments.count - 1].resolvedURI
  }

  /// Whether the last segment has a byte range (then its URI is the last range's).
  var lastSegmentHasRange: Bool {
    segments.isEmpty ? false : segments[segments.count - 1].byteRange != nil
  }

  /// A builder for a playlist of `documentBytes` bytes: room is made for a segment every 64
  /// bytes (a segment with its `#EXTINF` and `#EXT-X-PROGRAM-DATE-TIME` is 80 to 100), so a long
  /// playlist's segments are not copied again as the array grows (`adhost-bench hls`).
  init(url: URL, documentBytes: Int = 0) {
    self.url = url
    resolver = HLSURLResolver(base: url)
    segments.reserveCapacity(max(256, documentBytes / 64))
  }

  mutating func read(_ text: Substring, line: Int) throws(HLSParseError) {
    guard text.startsWith(ascii: "#") else {
      let duration = try duration(forURI: text, line: line)
      try addSegment(uri: HLSResolvedURI(resolver.uri(text, line: line)), duration: duration, line: line)
      return
    }
    guard text.startsWith(ascii: "#EXT") else { return }
    if text.startsWith(ascii: "#EXT-X-STREAM-INF") { hasVariant = true }
    let colon = text.firstIndex(ascii: UInt8(ascii: ":"))
    let tag = text[..<(colon ?? text.endIndex)]
    let value = colon.map { text[text.index(after: $0)...] } ?? ""
    switch HLSTagName(text: tag) {
    case .extinf?:
      if let pendingDuration {
        throw HLSParseError(
          line: pendingDuration.line, "#EXTINF: expected a segment URI after it, found another #EXTINF")
      }
      let durationText = value[..<(value.firstIndex(ascii: UInt8(ascii: ",")) ?? value.endIndex)]
      pendingDuration = (
        try HLSParser.seconds(durationText, tag: "#EXTINF", what: "a duration", line: line), line
      )
    case .targetDuration?:
      guard let seconds = Int(value.trimmingWhitespaces), seconds >= 1, seconds <= 86_400
      else {
        throw HLSParseError(
          line: line, "\(tag): expected a whole number of seconds ≥ 1, found \"\(value.prefix(40))\"")
      }
      targetDuration = Double(seconds)
    case .mediaSequence?:
      guard let sequence = Int(value.trimmingWhitespaces), sequence >= 0 else {
        throw HLSParseError(line: line, "\(tag): expected a whole number ≥ 0, found \"\(value.prefix(40))\"")
      }
      guard segments.isEmpty, pendingDuration == nil else {
        throw HLSParseError(line: line, "\(tag): expected before the first segment")
      }
      mediaSequence = sequence
    case .endList?: hasEndList = true
    case .playlistType?: playlistType = String(value)
    case .discontinuity?: pendingDiscontinuity = true
    case .byteRange?:
      // The offset, when not given, follows the previous sub-range of the segment's URI, known
      // only at the URI: kept as -1 until then.
      let following = value.utf8.contains(UInt8(ascii: "@")) ? nil : -1
      pendingRange = (
        try HLSByteRange.parse(value, following: following, tag: "#EXT-X-BYTERANGE", line: line), line
      )
    case .map?: try readMap(value, line: line)
    case .programDateTime?:
      guard let date = ISO8601.seconds(String(value)) else {
        throw HLSParseError(
          line: line,
          "\(tag): expected an ISO 8601 date-time such as 2026-11-29T12:00:00.000Z, found \"\(value.prefix(40))\""
        )
      }
      pendingDate = date
    case .dateRange?:
      do {
        try addDateRange(HLSAttributeList.parse(value, tag: "#EXT-X-DATERANGE", line: line), line: line)
      } catch {
        warnings.append(HLSDateMapping.dropped(error))
      }
    case .cueOut?:
      try spans.cueOut(value, at: elapsed, id: "cue-out-\(try nextSequence(line: line))", line: line)
    case .cueOutContinued?:
      try spans.continuation(value, at: elapsed, id: "cue-out-\(try nextSequence(line: line))", line: line)
    case .cueIn?: spans.cueIn(at: elapsed)
    case .start?:
      do {
        start = try HLSStart.parse(value, line: line)
      } catch {
        warnings.append(HLSParseError(line: error.line, error.message + " (the tag is ignored)"))
      }
    default: break
    }
  }

  /// The media sequence number of the next segment; an error when it is past `Int.max`
  /// (`#EXT-X-MEDIA-SEQUENCE:9223372036854775807` followed by two segments).
  private func nextSequence(line: Int) throws(HLSParseError) -> Int {
    try Self.sequence(after: mediaSequence, segments: segments.count, line: line)
  }

  /// `nextSequence(line:)` from its parts: the method on the whole builder copied the builder
  /// (472 bytes) at each segment.
  private static func sequence(after mediaSequence: Int, segments: Int, line: Int) throws(HLSParseError)
    -> Int
  {
    guard let sequence = mediaSequence.checkedAdding(segments) else {
      throw HLSParseError(
        line: line,
        "the segment's media sequence number is past \(Int.max): #EXT-X-MEDIA-SEQUENCE \(mediaSequence) "
          + "plus \(segments) segments before it")
    }
    return sequence
  }

  /// The `#EXTINF` a URI line needs before it, taken.
  mutating func duration(forURI text: @autoclosure () -> Substring, line: Int) throws(HLSParseError) -> (
    seconds: Double, line: Int
  ) {
    guard let duration = pendingDuration else {
      throw HLSParseError(line: line, "a segment URI needs #EXTINF before it, found \"\(text().prefix(80))\"")
    }
    pendingDuration = nil
    guard elapsed + duration.seconds <= HLSParser.maxDuration else {
      throw HLSParseError(
        line: duration.line,
        "#EXTINF: the segments add up to more than \(CheckedNumbers.describe(HLSParser.maxDuration)) seconds (one week), "
          + "the most a playlist may hold")
    }
    return duration
  }

  /// A segment at `uri` (resolved), with the tags read since the last one. Its program date-time
  /// is its own, else carried on from the segment before (that one's date plus its duration).
  /// `isLastRangeURI`: the URI is known to be the last sub-range's (not compared again).
  mutating func addSegment(
    uri: consuming HLSResolvedURI, duration: (seconds: Double, line: Int), line: Int,
    isLastRangeURI: Bool = false
  ) throws(HLSParseError) {
    lastURILine = nil
    let sequence = try Self.sequence(after: mediaSequence, segments: segments.count, line: line)
    var range: HLSByteRange?
    if let (given, rangeLine) = pendingRange {
      range = try place(given, of: uri, isLastRangeURI: isLastRangeURI, line: rangeLine)
      pendingRange = nil
    }
    let date = pendingDate ?? carriedDate
    if pendingDate != nil, firstDated == nil { firstDated = segments.count }
    segments.append(
      HLSSegment(
        resolvedURI: uri, duration: duration.seconds, sequence: sequence, startTime: elapsed,
        programDateTime: date, discontinuity: pendingDiscontinuity, line: line, byteRange: range, map: map))
    carriedDate = date.map { $0 + duration.seconds }
    elapsed += duration.seconds
    pendingDate = nil
    pendingDiscontinuity = false
  }

  /// A sub-range of `uri`: one without an offset (-1) starts where the last one of `uri` ended.
  private mutating func place(_ given: HLSByteRange, of uri: HLSResolvedURI, isLastRangeURI: Bool, line: Int)
    throws(HLSParseError) -> HLSByteRange
  {
    var range = given
    let sameAsLast = isLastRangeURI || (lastRangeURI.map { $0 == uri } ?? false)
    if range.offset < 0 {
      guard let previousEnd = sameAsLast ? lastRangeEnd : rangeEnds[uri.text] else {
        throw HLSParseError(
          line: line, "#EXT-X-BYTERANGE: expected an @offset, since no sub-range of this URI comes before it")
      }
      range.offset = previousEnd
    }
    if !sameAsLast {
      if let last = lastRangeURI { rangeEnds[last.text] = lastRangeEnd }
      lastRangeURI = uri
    }
    lastRangeEnd = range.offset + range.length
    return range
  }

  /// `#EXT-X-MAP:URI=…[,BYTERANGE="n@o"]`: the init section of the segments that follow.
  private mutating func readMap(_ value: Substring, line: Int) throws(HLSParseError) {
    let attributes = try HLSAttributeList.parse(value, tag: "#EXT-X-MAP", line: line)
    guard let uri = attributes.value("URI"), !uri.isEmpty else {
      throw HLSParseError(line: line, "#EXT-X-MAP: expected a URI attribute")
    }
    let range = try attributes.value("BYTERANGE").map { (text: String) throws(HLSParseError) in
      try HLSByteRange.parse(Substring(text), following: nil, tag: "#EXT-X-MAP BYTERANGE", line: line)
    }
    map = HLSMap(url: try HLSParser.resolve(Substring(uri), against: url, line: line), byteRange: range)
  }

  mutating func addDateRange(_ attributes: [HLSAttribute], line: Int) throws(HLSParseError) {
    guard let id = attributes.value("ID"), !id.isEmpty else {
      throw HLSParseError(line: line, "#EXT-X-DATERANGE: expected an ID attribute")
    }
    guard let index = dateRangeIndex[id] else {
      dateRangeIndex[id] = dateRanges.count
      dateRanges.append((attributes, line))
      return
    }
    // A later tag with the same ID adds attributes (e.g. SCTE35-IN, DURATION once known).
    for attribute in attributes {
      if let existing = dateRanges[index].attributes.firstIndex(where: { $0.name == attribute.name }) {
        dateRanges[index].attributes[existing].value = attribute.value
      } else {
        dateRanges[index].attributes.append(attribute)
      }
    }
  }

  mutating func finish(lastLine: Int) throws(HLSParseError) -> HLSMediaPlaylist {
    if let pendingDuration {
      throw HLSParseError(line: pendingDuration.line, "#EXTINF: expected a segment URI after it")
    }
    guard let targetDuration else {
      throw HLSParseError(line: nil, "a media playlist needs #EXT-X-TARGETDURATION, and this one has none")
    }
    var dated = segments
    segments = []
    if let firstDated { HLSDateMapping.carryBack(&dated, from: firstDated) }
    let (placed, dropped) = HLSDateMapping.cues(of: dateRanges, segments: dated)
    var cues = placed
    cues += spans.cues(endingAt: elapsed)
    let ordered = cues.enumerated().sorted {
      ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset)
    }
    return HLSMediaPlaylist(
      url: url, targetDuration: targetDuration, mediaSequence: mediaSequence, hasEndList: hasEndList,
      playlistType: playlistType, segments: dated, cues: ordered.map(\.element),
      orphanCueIns: spans.orphanCueIns,
      warnings: (warnings + dropped).sorted { ($0.line ?? 0) < ($1.line ?? 0) }, start: start)
  }
}
