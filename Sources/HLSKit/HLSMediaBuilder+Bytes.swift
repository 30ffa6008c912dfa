import OutsideText

/// The reader of an ASCII line's bytes, where bytes and Characters are the same: the tags every
/// segment of a long playlist has (`#EXTINF`, `#EXT-X-PROGRAM-DATE-TIME`, `#EXT-X-BYTERANGE`,
/// `#EXT-X-DISCONTINUITY`, `#EXT-X-DATERANGE`) and URI lines are read in place, with a `String`
/// made only of what the model keeps. A value that is not plainly well formed, and every other
/// tag, goes to the general reader (`read(_:line:)` of the line's text), which words the errors:
/// both read every ASCII line alike (`ByteReaderTests`).
extension HLSMediaBuilder {
  mutating func read(_ text: HLSBytes, line: Int) throws(HLSParseError) {
    guard text[0] == UInt8(ascii: "#") else { return try addSegment(uriLine: text, line: line) }
    let tag: HLSTagName
    let colon: Int?
    if let leading = HLSTagName.leading(text) {
      (tag, colon) = leading
    } else {
      guard text.starts(with: "#EXT") else { return }
      colon = text.firstIndex(of: UInt8(ascii: ":"))
      guard let named = HLSTagName(text.slice(0, colon ?? text.count)) else {
        // A tag the general reader ignores too; a variant's makes the playlist multivariant.
        if text.starts(with: "#EXT-X-STREAM-INF") { hasVariant = true }
        return
      }
      tag = named
    }
    let value = text.dropFirst(colon.map { $0 + 1 } ?? text.count)
    switch tag {
    case .extinf: try readDuration(value, line: line)
    case .programDateTime:
      guard let date = ISO8601.seconds(value.buffer) else { return try read(text.substring, line: line) }
      pendingDate = date
    case .discontinuity: pendingDiscontinuity = true
    case .byteRange:
      // A plain range's offset is given, or its text all digits (no `@`): `following` is -1 then.
      if let range = HLSByteRange.plainRange(value, following: -1) {
        pendingRange = (range, line)
        return
      }
      let following = value.firstIndex(of: UInt8(ascii: "@")) == nil ? -1 : nil
      guard let range = HLSByteRange.parse(value, following: following) else {
        return try read(text.substring, line: line)
      }
      pendingRange = (range, line)
    case .dateRange:
      guard let attributes = HLSAttributeList.parse(value) else {
        return try read(text.substring, line: line)
      }
      do {
        try addDateRange(attributes, line: line)
      } catch {
        warnings.append(HLSDateMapping.dropped(error))
      }
    default: try read(text.substring, line: line)
    }
  }

  /// A segment at a URI line's bytes. A line with the same bytes as the last segment's (the
  /// sub-ranges of one resource, one after another) has its URI, shared: resolving it again
  /// (the plain path's check and copy) was ≈ 150 instructions a segment of a byte-range VOD
  /// playlist (`adhost-bench hls`).
  private mutating func addSegment(uriLine text: HLSBytes, line: Int) throws(HLSParseError) {
    let duration = try duration(forURI: text.substring, line: line)
    if let last = lastURILine, last.sameBytes(as: text), let previous = lastSegmentURI {
      // A previous segment with a range made its URI the last range's.
      try addSegment(uri: previous, duration: duration, line: line, isLastRangeURI: lastSegmentHasRange)
    } else {
      try addSegment(
        uri: resolver.segmentURI(text, line: line, lastPlain: &lastPlainURI), duration: duration, line: line)
    }
    lastURILine = text
  }

  /// `#EXTINF:<duration>,[<title>]`.
  private mutating func readDuration(_ value: HLSBytes, line: Int) throws(HLSParseError) {
    if let pendingDuration {
      throw HLSParseError(
        line: pendingDuration.line, "#EXTINF: expected a segment URI after it, found another #EXTINF")
    }
    if let seconds = HLSNumbers.plainDuration(value), seconds <= HLSParser.maxDuration {
      pendingDuration = (seconds, line)
      return
    }
    let text = value.slice(0, value.firstIndex(of: UInt8(ascii: ",")) ?? value.count)
    pendingDuration = (
      try HLSParser.seconds(text.substring, tag: "#EXTINF", what: "a duration", line: line), line
    )
  }
}
