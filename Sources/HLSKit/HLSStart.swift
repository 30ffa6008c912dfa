/// `#EXT-X-START:TIME-OFFSET=…[,PRECISE=YES|NO]` (RFC 8216 §4.3.5.2): where the playlist's
/// author wants playback to start.
public struct HLSStart: Equatable, Sendable {
  /// `TIME-OFFSET`, seconds: from the start of the playlist when ≥ 0, back from the end of its
  /// last segment when negative.
  public var timeOffset: Double
  /// `PRECISE=YES`: playback starts at the offset itself; `NO` (the default): at the start of
  /// the segment that holds it.
  public var precise: Bool
  /// The line of the tag.
  public var line: Int

  /// Creates a start point.
  public init(timeOffset: Double, precise: Bool = false, line: Int = 0) {
    self.timeOffset = timeOffset
    self.precise = precise
    self.line = line
  }

  /// Reads the tag's attribute list. `TIME-OFFSET` is a signed decimal number of at most one
  /// week; other attributes are ignored.
  static func parse(_ value: Substring, line: Int) throws(HLSParseError) -> HLSStart {
    let tag = "#EXT-X-START"
    let attributes = try HLSAttributeList.parse(value, tag: tag, line: line)
    guard let offsetText = attributes.value("TIME-OFFSET") else {
      throw HLSParseError(line: line, "\(tag): expected a TIME-OFFSET attribute")
    }
    let negative = offsetText.hasPrefix("-")
    let magnitude = try HLSParser.seconds(
      Substring(offsetText.dropFirst(negative ? 1 : 0)), tag: "\(tag) TIME-OFFSET", what: "a signed offset",
      line: line)
    let precise: Bool
    switch attributes.value("PRECISE") {
    case nil, "NO": precise = false
    case "YES": precise = true
    case let other?:
      throw HLSParseError(line: line, "\(tag): PRECISE: expected YES or NO, found \"\(other)\"")
    }
    return HLSStart(timeOffset: negative ? -magnitude : magnitude, precise: precise, line: line)
  }

  /// Where playback starts among `segments` (on their time base): the offset from their start,
  /// or back from their end, kept within them (RFC 8216: an offset past either end is that
  /// end); unless `precise`, moved back to the start of the segment that holds it.
  public func position(in segments: [HLSSegment]) -> Double {
    guard let first = segments.first, let last = segments.last else { return 0 }
    let (start, end) = (first.startTime, last.endTime)
    let target = min(max(timeOffset < 0 ? end + timeOffset : start + timeOffset, start), end)
    guard !precise, let holding = segments.last(where: { $0.startTime <= target }) else { return target }
    return holding.startTime
  }
}
