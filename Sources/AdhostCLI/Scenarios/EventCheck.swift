import PlayerSeam

extension EventPattern {
  /// Whether `recorded` is this event. `breakOffset` is the entry's break, or for an entry that
  /// names only its ad (a beacon), the break that ad was playing in.
  func matches(_ recorded: RecordedEntry, breakOffset: Double?) -> Bool {
    let entry = recorded.entry
    guard entry.kind == kind, ad == nil || entry.adId == ad else { return false }
    if let offset = self.breakOffset, breakOffset != offset { return false }
    if let at, !Self.near(entry.time, at, tolerance) { return false }
    if let contentTime, !Self.near(recorded.contentTime, contentTime, tolerance) { return false }
    return fields.allSatisfy { member in
      entry.fields[member.key].map { FieldMatch.matches(member.value, $0) } ?? false
    }
  }

  /// The same event at any time (to say where it was instead).
  var anyTime: EventPattern { EventPattern(self, at: nil, contentTime: nil) }

  /// Times equal within the tolerance (and half a microsecond, the log's resolution).
  static func near(_ actual: Double, _ expected: Double, _ tolerance: Double) -> Bool {
    abs(actual - expected) <= tolerance + 0.000_000_5
  }
}

/// `events` (in order) and `noEvents` (none of them) against a run's log.
struct EventCheck {
  let run: ScenarioRun
  let breaks: AdBreakIndex

  init(_ run: ScenarioRun) {
    self.run = run
    breaks = AdBreakIndex(run.log)
  }

  func failures(_ expectations: Expectations) -> [TestFailure] {
    inOrder(expectations.events) + absent(expectations.noEvents)
  }

  private func inOrder(_ patterns: [EventPattern]) -> [TestFailure] {
    var next = 0
    var previous: (pattern: EventPattern, index: Int)?
    for (index, recorded) in run.entries.enumerated() where next < patterns.count {
      if patterns[next].matches(recorded, breakOffset: breaks.offset(at: index)) {
        previous = (patterns[next], index)
        next += 1
      }
    }
    guard next < patterns.count else { return [] }
    let missing = patterns[next]
    var message = "expected \(Describe.pattern(missing))"
    if let previous { message += " after \(previous.pattern.path) (\(describe(previous.index)))" }
    let elsewhere = indices(matching: missing.anyTime)
    if let after = elsewhere.first(where: { $0 > (previous?.index ?? -1) }) {
      message += ", got \(describe(after))"
    } else if let before = elsewhere.last {
      message += ", got it only before: \(describe(before))"
    } else if let nearest = nearestByFields(missing, after: previous?.index) {
      message += ", got none; nearest: \(describe(nearest.index)), where "
      message += nearest.differences.joined(separator: ", ")
    } else {
      message += ", got none"
    }
    let near =
      elsewhere.first(where: { $0 > (previous?.index ?? -1) }) ?? elsewhere.last
      ?? nearestByFields(missing, after: previous?.index)?.index
    return [
      TestFailure(
        expectation: missing.path, message: message,
        time: missing.at ?? near.map { run.entries[$0].entry.time })
    ]
  }

  private func absent(_ patterns: [EventPattern]) -> [TestFailure] {
    patterns.compactMap { pattern in
      guard let index = indices(matching: pattern).first else { return nil }
      return TestFailure(
        expectation: pattern.path,
        message: "expected no \(Describe.pattern(pattern)), got \(describe(index))",
        time: run.entries[index].entry.time)
    }
  }

  func indices(matching pattern: EventPattern) -> [Int] {
    run.entries.indices.filter { pattern.matches(run.entries[$0], breakOffset: breaks.offset(at: $0)) }
  }

  func describe(_ index: Int) -> String {
    Describe.entry(run.entries[index].entry, breakOffset: breaks.offset(at: index))
  }
}

/// The break of each log entry: its own, or for an entry that names only an ad (a beacon, an
/// `aderror`), the break of that ad's latest `adbegin` (or `addad`) before it.
struct AdBreakIndex {
  private let offsets: [Double?]

  init(_ log: [LogEntry]) {
    var latest: [String: Double] = [:]
    offsets = log.map { entry in
      if let offset = entry.adBreakTimeOffset {
        if let adId = entry.adId, entry.kind == .adbegin || latest[adId] == nil { latest[adId] = offset }
        return offset
      }
      return entry.adId.flatMap { latest[$0] }
    }
  }

  func offset(at index: Int) -> Double? { offsets[index] }
}
