import PlayerSeam

/// `beacons` and `noOtherBeacons` against a run's log. A beacon that failed and was sent again
/// (same event, ad, break and URL) counts once, its retries as attempts of it.
struct BeaconCheck {
  let run: ScenarioRun
  let breaks: AdBreakIndex

  init(_ run: ScenarioRun) {
    self.run = run
    breaks = AdBreakIndex(run.log)
  }

  func failures(_ expectations: Expectations) -> [TestFailure] {
    var failures = expectations.beacons.compactMap(check)
    if expectations.noOtherBeacons {
      let other = beaconIndices.first { index in !expectations.beacons.contains { matches($0, index) } }
      if let other {
        failures.append(
          TestFailure(
            expectation: "noOtherBeacons", message: "expected no other beacons, got \(describe(other))",
            time: run.entries[other].entry.time))
      }
    }
    return failures
  }

  private var beaconIndices: [Int] { run.entries.indices.filter { run.entries[$0].entry.kind == .beacon } }

  private func matches(_ expectation: BeaconExpectation, _ index: Int) -> Bool {
    let entry = run.entries[index].entry
    guard entry.fields["event"]?.stringValue == expectation.event else { return false }
    if let ad = expectation.ad, entry.adId != ad { return false }
    if let url = expectation.url, !url.matches(entry.fields["url"]?.stringValue ?? "") { return false }
    return true
  }

  /// The beacons an expectation matches, a retry of a failed one folded into it.
  private func occurrences(_ expectation: BeaconExpectation) -> [Int] {
    var found: [Int] = []
    var failed: Set<String> = []
    for index in beaconIndices where matches(expectation, index) {
      let entry = run.entries[index].entry
      let key = [
        entry.adId ?? "", breaks.offset(at: index).map { "\($0)" } ?? "",
        entry.fields["url"]?.stringValue ?? "",
      ]
      .joined(separator: "\u{1}")
      let status = entry.fields["status"]?.numberValue
      let succeeded = entry.fields["failure"] == nil && status.map { (200..<300).contains($0) } ?? false
      if failed.contains(key) {
        if succeeded { failed.remove(key) }
        continue
      }
      found.append(index)
      if !succeeded { failed.insert(key) }
    }
    return found
  }

  private func check(_ expectation: BeaconExpectation) -> TestFailure? {
    let found = occurrences(expectation)
    let what = describe(expectation, found)
    func failure(_ message: String) -> TestFailure {
      TestFailure(expectation: expectation.path, message: message)
    }
    guard found.count == expectation.count else {
      let got = found.isEmpty ? "none" : "\(found.count): " + found.map(describe).joined(separator: "; ")
      return failure("expected \(expectation.count) \(what)\(times(expectation)), got \(got)")
    }
    let checks: [(name: String, expected: [Double]?, actual: (RecordedEntry) -> Double)] = [
      // A beacon is due when it is sent; its answer may come later on a real engine's clock.
      ("at", expectation.at, { VirtualTime.seconds($0.entry.sentMicros) }),
      ("at content time", expectation.contentTime, \.contentTime),
    ]
    for check in checks {
      guard let expected = check.expected else { continue }
      for (position, index) in found.enumerated() {
        let due = expected.count == 1 ? expected[0] : expected[position]
        let actual = check.actual(run.entries[index])
        if !EventPattern.near(actual, due, expectation.tolerance) {
          return failure(
            "expected \(what) \(check.name) \(Describe.seconds(due))\(Describe.tolerance(expectation.tolerance)), "
              + "got \(describe(index))\(check.name == "at" ? "" : " (content time \(Describe.seconds(actual)))")"
          )
        }
      }
    }
    return nil
  }

  private func times(_ expectation: BeaconExpectation) -> String {
    if let at = expectation.at { return " at \(Describe.times(at))" }
    if let content = expectation.contentTime { return " at content time \(Describe.times(content))" }
    return ""
  }

  /// `beacon firstQuartile ad nw-20417 break@0 url *q1*`.
  private func describe(_ expectation: BeaconExpectation, _ found: [Int]) -> String {
    var parts = ["beacon", expectation.event]
    if let ad = expectation.ad { parts.append("ad \(ad)") }
    let offsets = Set(found.compactMap { breaks.offset(at: $0) })
    if offsets.count == 1, let offset = offsets.first { parts.append(Describe.breakOffset(offset)) }
    if let url = expectation.url { parts.append("url \(url)") }
    return parts.joined(separator: " ")
  }

  private func describe(_ index: Int) -> String {
    Describe.entry(run.entries[index].entry, breakOffset: breaks.offset(at: index))
  }
}
