import PlayerSeam

/// `requests` and `noRequests` against the `request` entries of a run's log. A failure shows
/// what was expected against up to three requests of the same method and host, nearest in time,
/// each with its first difference.
struct RequestCheck {
  let run: ScenarioRun
  /// The positions of the `request` entries in the log.
  let requests: [Int]

  /// How many near requests a failure shows.
  static let nearest = 3

  init(_ run: ScenarioRun) {
    self.run = run
    requests = run.entries.indices.filter { run.entries[$0].entry.kind == .request }
  }

  func failures(_ expectations: Expectations) -> [TestFailure] {
    let found = expectations.requests.map(matches)
    var failures: [TestFailure] = []
    for (expectation, indices) in zip(expectations.requests, found) {
      if let failure = check(expectation, indices)
        ?? order(expectation, indices, found, expectations.requests)
      {
        failures.append(failure)
      }
    }
    for pattern in expectations.noRequests {
      guard let index = requests.first(where: { pattern.mismatch(entry($0)) == nil }) else { continue }
      failures.append(
        TestFailure(
          expectation: pattern.path,
          message: "expected no request \(pattern.summary), got \(Describe.request(entry(index)))",
          time: entry(index).time, entries: [index]))
    }
    return failures
  }

  private func entry(_ index: Int) -> LogEntry { run.entries[index].entry }

  private func inWindow(_ expectation: RequestExpectation, _ index: Int) -> Bool {
    guard let between = expectation.between else { return true }
    let time = entry(index).time
    return EventPattern.near(time, min(max(time, between.from), between.to), 0)
  }

  private func matches(_ expectation: RequestExpectation) -> [Int] {
    requests.filter { inWindow(expectation, $0) && expectation.pattern.mismatch(entry($0)) == nil }
  }

  private func check(_ expectation: RequestExpectation, _ found: [Int]) -> TestFailure? {
    let counted = expectation.atLeast.map { found.count >= $0 } ?? (found.count == expectation.count)
    guard counted else {
      let wanted = expectation.atLeast.map { "at least \($0)" } ?? "\(expectation.count)"
      let got =
        found.isEmpty
        ? "none" : "\(found.count): " + found.map { Describe.request(entry($0)) }.joined(separator: "; ")
      let plural = expectation.count == 1 && expectation.atLeast == nil ? "" : "s"
      let near = nearest(expectation, excluding: found)
      return TestFailure(
        expectation: expectation.path,
        message: "expected \(wanted) request\(plural) \(expectation.pattern.summary)\(when(expectation)), "
          + "got \(got)\(near.text)",
        time: expectation.at?.first ?? expectation.between?.from, entries: (found + near.indices).sorted())
    }
    guard let times = expectation.at else { return nil }
    for (position, index) in found.enumerated() {
      let due = times.count == 1 ? times[0] : times[position]
      if !EventPattern.near(entry(index).time, due, expectation.tolerance) {
        return TestFailure(
          expectation: expectation.path,
          message: "expected request \(expectation.pattern.summary) at \(Describe.seconds(due))"
            + "\(Describe.tolerance(expectation.tolerance)), got \(Describe.request(entry(index)))",
          time: entry(index).time, entries: [index])
      }
    }
    return nil
  }

  /// `after`: every request matched comes after every request of the other expectation.
  private func order(
    _ expectation: RequestExpectation, _ found: [Int], _ all: [[Int]], _ expectations: [RequestExpectation]
  ) -> TestFailure? {
    guard let after = expectation.after, let last = all[after].last,
      let early = found.first(where: { $0 < last })
    else { return nil }
    return TestFailure(
      expectation: expectation.path,
      message: "expected request \(expectation.pattern.summary) after \(expectations[after].path) "
        + "(\(Describe.request(entry(last)))), got \(Describe.request(entry(early))) before it",
      time: entry(early).time, entries: [early, last])
  }

  private func when(_ expectation: RequestExpectation) -> String {
    var text = ""
    if let at = expectation.at {
      text += " at \(Describe.times(at))\(Describe.tolerance(expectation.tolerance))"
    }
    if let between = expectation.between {
      text += " between \(Describe.seconds(between.from)) and \(Describe.seconds(between.to))"
    }
    return text
  }

  /// `; nearest POST ads.example: POST https://… at 0 s (body adsParams.userSegment "CHANGED")`:
  /// requests of the same method and host as the expectation's, not matched, nearest in time to
  /// when it was expected, with their first difference.
  private func nearest(_ expectation: RequestExpectation, excluding found: [Int]) -> (
    text: String, indices: [Int]
  ) {
    let pattern = expectation.pattern
    let host = pattern.host
    let candidates = requests.filter { index in
      !found.contains(index)
        && (pattern.method.map { $0 == entry(index).fields["method"]?.stringValue?.uppercased() } ?? true)
        && (host.map { $0 == Describe.host(entry(index)) } ?? true)
    }
    guard !candidates.isEmpty else { return ("", []) }
    let reference = expectation.at?.first ?? expectation.between?.from ?? 0
    let near = candidates.sorted { abs(entry($0).time - reference) < abs(entry($1).time - reference) }
      .prefix(Self.nearest).sorted()
    let lines = near.map { index -> String in
      let reason = pattern.mismatch(entry(index)) ?? "outside the time window"
      return "\(Describe.request(entry(index))) (\(reason))"
    }
    let what = [pattern.method, host].compactMap { $0 }.joined(separator: " ")
    return ("; nearest\(what.isEmpty ? "" : " " + what): " + lines.joined(separator: "; "), Array(near))
  }
}
