import CheckedNumbers

/// Places Periods on the presentation timeline by ISO/IEC 23009-1 §5.3.2.1: `Period@start`
/// when given; else the previous Period's start plus its `duration`; else 0 for the first
/// Period of a `static` MPD. In a `dynamic` MPD a Period that cannot be placed so is an "early
/// available Period" and is left out (noted); in a `static` one it is an error. A Period ends at
/// its start plus `duration`, else at the next Period's start, else at the presentation's end.
enum MPDLayout {
  static func place(_ read: MPD, periods pending: [MPDBuilder.PendingPeriod]) throws(MPDError) -> MPD {
    var mpd = read
    var placed: [MPDPeriod] = []
    var previous: (start: Double, duration: Double?)?
    var ids: [String: String] = [:]
    for (index, period) in pending.enumerated() {
      let where_ = "line \(period.line): \(period.path)"
      if let id = period.id {
        if let other = ids[id] { throw MPDError("\(where_): id \"\(id)\" is the id of \(other) too") }
        ids[id] = period.path
      }
      let start: Double
      if let declared = period.start {
        start = declared
      } else if let previous, let duration = previous.duration {
        start = previous.start + duration
      } else if index == 0 && mpd.type == .onDemand {
        start = 0
      } else if mpd.type == .live {
        mpd.issues.append("\(where_): an early available Period (no start, and none derivable): left out")
        previous = nil
        continue
      } else {
        throw MPDError(
          "\(where_): expected a start attribute (the Period before it has no duration to derive one from)")
      }
      guard start.isFinite, start <= 1e12 else {
        throw MPDError("\(where_): start \(start) s is out of range")
      }
      if let last = placed.last, start < last.start {
        throw MPDError(
          "\(where_): starts at \(formatted(start)) s, before the Period before it (\(formatted(last.start)) s)"
        )
      }
      var entry = MPDPeriod(
        id: period.id, start: start, duration: period.duration, startDeclared: period.start != nil,
        line: period.line)
      entry.baseURL = period.baseURL
      entry.segmentInfo = period.segmentInfo
      entry.adaptationSets = period.adaptationSets
      entry.eventStreams = period.eventStreams.map { stream in
        var timed = stream
        let ticks = Double(stream.timescale)
        for eventIndex in timed.events.indices {
          let event = timed.events[eventIndex]
          // Ticks are whole numbers up to 2^64; as doubles they lose precision only beyond 2^53,
          // which no real stream reaches, and nothing traps.
          timed.events[eventIndex].time =
            start + (Double(event.presentationTime) - Double(stream.presentationTimeOffset)) / ticks
          timed.events[eventIndex].seconds = event.duration.map { Double($0) / ticks }
        }
        return timed
      }
      placed.append(entry)
      previous = (start, period.duration)
    }
    for index in placed.indices {
      if let duration = placed[index].duration {
        placed[index].end = placed[index].start + duration
      } else if index + 1 < placed.count {
        placed[index].end = placed[index + 1].start
      } else if let total = mpd.mediaPresentationDuration {
        placed[index].end = max(placed[index].start, total)
      }
    }
    mpd.periods = placed
    return mpd
  }

  /// Seconds as messages show them: `30`, `12.5`.
  static func formatted(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15
      ? String(Int64.checked(seconds) ?? 0) : String(seconds)
  }
}
