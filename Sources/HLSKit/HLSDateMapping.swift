import OutsideText

/// Places `#EXT-X-DATERANGE` cues on the timeline through `#EXT-X-PROGRAM-DATE-TIME`.
enum HLSDateMapping {
  /// Dates the segments before `firstDated` (the first with its own program date-time) back
  /// from it; the builder carries dates forward as it adds segments.
  static func carryBack(_ segments: inout [HLSSegment], from firstDated: Int) {
    guard let anchor = segments[firstDated].programDateTime else { return }
    let anchorStart = segments[firstDated].startTime
    for index in 0..<firstDated {
      segments[index].programDateTime = anchor - (anchorStart - segments[index].startTime)
    }
  }

  /// The timeline position of a date: from the last segment dated at or before it (the first
  /// dated segment for an earlier date); `nil` when no segment has a date.
  static func time(of date: Double, segments: [HLSSegment]) -> Double? {
    HLSDateIndex(segments).time(of: date)
  }

  /// A date range's error as the warning that it was dropped.
  static func dropped(_ error: HLSParseError) -> HLSParseError {
    HLSParseError(line: error.line, error.message + " (the date range is dropped)")
  }

  /// One cue per date range (tags with the same ID merged), placed on the timeline; a range that
  /// cannot be read is dropped, with a warning naming its line.
  static func cues(
    of dateRanges: [(attributes: [HLSAttribute], line: Int)], segments: [HLSSegment]
  ) -> (cues: [HLSCue], dropped: [HLSParseError]) {
    var placed: [(cue: HLSCue, startDate: Double, endOnNext: Bool)] = []
    var dropped: [HLSParseError] = []
    guard !dateRanges.isEmpty else { return ([], []) }
    let dates = HLSDateIndex(segments)
    for (attributes, line) in dateRanges {
      do {
        placed.append(try place(attributes, line: line, dates: dates))
      } catch {
        dropped.append(Self.dropped(error))
      }
    }
    // END-ON-NEXT: the range ends where the next range of its CLASS starts.
    for index in placed.indices where placed[index].endOnNext {
      let next = placed.filter {
        $0.cue.cueClass == placed[index].cue.cueClass && $0.startDate > placed[index].startDate
      }.min { $0.startDate < $1.startDate }
      if let next { placed[index].cue.endTime = next.cue.startTime }
    }
    return (placed.map(\.cue), dropped)
  }

  /// One date range as a cue on the timeline, with its start date and END-ON-NEXT.
  private static func place(
    _ attributes: [HLSAttribute], line: Int, dates: HLSDateIndex
  ) throws(HLSParseError) -> (cue: HLSCue, startDate: Double, endOnNext: Bool) {
    let tag = "#EXT-X-DATERANGE"
    let id = attributes.value("ID") ?? ""
    guard let startText = attributes.value("START-DATE") else {
      throw HLSParseError(line: line, "\(tag) \(id): expected a START-DATE attribute")
    }
    guard let startDate = ISO8601.seconds(startText) else {
      throw HLSParseError(
        line: line,
        "\(tag) \(id): START-DATE: expected an ISO 8601 date-time, found \"\(startText.prefix(40))\"")
    }
    guard let start = dates.time(of: startDate) else {
      throw HLSParseError(
        line: line, "\(tag) \(id): expected #EXT-X-PROGRAM-DATE-TIME in the playlist to place START-DATE")
    }
    let cueClass = attributes.value("CLASS")
    let endOnNext = attributes.value("END-ON-NEXT") == "YES"
    if endOnNext && cueClass == nil {
      throw HLSParseError(line: line, "\(tag) \(id): END-ON-NEXT=YES expects a CLASS attribute")
    }
    var end: Double?
    if let text = attributes.value("DURATION") {
      end = start + (try HLSParser.seconds(Substring(text), tag: tag, what: "DURATION", line: line))
    } else if let text = attributes.value("END-DATE") {
      guard let endDate = ISO8601.seconds(text), endDate >= startDate else {
        throw HLSParseError(
          line: line, "\(tag) \(id): END-DATE: expected a date-time at or after START-DATE")
      }
      end = start + (endDate - startDate)
    } else if let text = attributes.value("PLANNED-DURATION") {
      end = start + (try HLSParser.seconds(Substring(text), tag: tag, what: "PLANNED-DURATION", line: line))
    }
    let cue = HLSCue(
      id: id, kind: .dateRange, startTime: start, endTime: end, cueClass: cueClass, attributes: attributes,
      line: line)
    return (cue, startDate, endOnNext)
  }
}
