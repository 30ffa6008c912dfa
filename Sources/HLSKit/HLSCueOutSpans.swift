/// `#EXT-X-CUE-OUT`, `#EXT-X-CUE-OUT-CONT` and `#EXT-X-CUE-IN` made into cue spans. Each tag
/// takes effect at the start of the segment that follows it.
struct HLSCueOutSpans {
  private var closed: [HLSCue] = []
  private var open: (cue: HLSCue, declared: Double?)?
  private(set) var orphanCueIns: [Double] = []

  /// `#EXT-X-CUE-OUT`, `#EXT-X-CUE-OUT:30` or `#EXT-X-CUE-OUT:DURATION=30`. An open span is
  /// closed first.
  mutating func cueOut(_ value: Substring, at time: Double, id: String, line: Int) throws(HLSParseError) {
    var declared: Double?
    var attributes: [HLSAttribute] = []
    if !value.isEmpty {
      if value.contains("=") {
        attributes = try HLSAttributeList.parse(value, tag: "#EXT-X-CUE-OUT", line: line)
        if let text = attributes.value("DURATION") {
          declared = try HLSParser.seconds(
            Substring(text), tag: "#EXT-X-CUE-OUT", what: "DURATION", line: line)
        }
      } else {
        declared = try HLSParser.seconds(value, tag: "#EXT-X-CUE-OUT", what: "a duration", line: line)
        attributes = [HLSAttribute(name: "DURATION", value: String(value))]
      }
    }
    if open != nil { cueIn(at: time) }
    let cue = HLSCue(
      id: id, kind: .cueOut, startTime: time, endTime: nil, cueClass: nil, attributes: attributes, line: line)
    open = (cue, declared)
  }

  /// `#EXT-X-CUE-OUT-CONT:ElapsedTime=5,Duration=30` or `#EXT-X-CUE-OUT-CONT:5/30`: inside a
  /// span. Without an open span (the window starts inside it) it opens one `ElapsedTime` back.
  mutating func continuation(_ value: Substring, at time: Double, id: String, line: Int) throws(HLSParseError)
  {
    let tag = "#EXT-X-CUE-OUT-CONT"
    var elapsed: Double?
    var duration: Double?
    var attributes: [HLSAttribute] = []
    if value.contains("=") {
      attributes = try HLSAttributeList.parse(value, tag: tag, line: line)
      for attribute in attributes {
        switch attribute.name.uppercased() {
        case "ELAPSEDTIME":
          elapsed = try HLSParser.seconds(
            Substring(attribute.value), tag: tag, what: "ElapsedTime", line: line)
        case "DURATION":
          duration = try HLSParser.seconds(Substring(attribute.value), tag: tag, what: "Duration", line: line)
        default: break
        }
      }
    } else if !value.isEmpty {
      let parts = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
      let elapsedText = parts.first ?? value
      elapsed = try HLSParser.seconds(elapsedText, tag: tag, what: "the elapsed time", line: line)
      attributes = [HLSAttribute(name: "ELAPSEDTIME", value: String(elapsedText))]
      if parts.count == 2 {
        duration = try HLSParser.seconds(parts[1], tag: tag, what: "the duration", line: line)
        attributes.append(HLSAttribute(name: "DURATION", value: String(parts[1])))
      }
    }
    if var current = open {
      if current.declared == nil { current.declared = duration }
      open = current
      return
    }
    let start = time - (elapsed ?? 0)
    let cue = HLSCue(
      id: id + "-cont", kind: .cueOut, startTime: start, endTime: nil, cueClass: nil, attributes: attributes,
      line: line)
    open = (cue, duration)
  }

  /// `#EXT-X-CUE-IN`: closes the open span here; with none open, it closes one known from an
  /// earlier load of a live playlist.
  mutating func cueIn(at time: Double) {
    guard var current = open else {
      orphanCueIns.append(time)
      return
    }
    current.cue.endTime = time
    closed.append(current.cue)
    open = nil
  }

  /// Every span; one still open ends after its declared duration, or is left open.
  func cues(endingAt time: Double) -> [HLSCue] {
    guard var current = open else { return closed }
    current.cue.endTime = current.declared.map { current.cue.startTime + $0 }
    return closed + [current.cue]
  }
}
