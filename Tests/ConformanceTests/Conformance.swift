import Testing

/// One check a peer project's test suite makes, written from what it asserts (not its code),
/// run against adhost: `agrees` answers whether adhost reads the input the same way.
struct ConformanceCase: Sendable {
  let name: String
  let agrees: @Sendable () throws -> Bool
}

/// A peer's suite: its cases, and the differences adhost keeps on purpose, each with its reason
/// (the same reasons are in docs/vast.md, docs/dash.md and docs/interstitials.md).
struct ConformanceSuite: Sendable {
  let peer: String
  let cases: [ConformanceCase]
  let knownDifferences: [String: String]

  /// Runs every case, prints `conformance PEER: N/M agree` and each difference with its reason,
  /// and fails for a disagreement that is not a known difference or a known one that now agrees.
  func check() {
    var disagreeing: [String] = []
    for item in cases {
      let agrees: Bool
      do { agrees = try item.agrees() } catch { agrees = false }
      if !agrees { disagreeing.append(item.name) }
    }
    print("conformance \(peer): \(cases.count - disagreeing.count)/\(cases.count) agree")
    for name in disagreeing {
      print("  differs: \(name) — \(knownDifferences[name] ?? "NOT A KNOWN DIFFERENCE")")
    }
    #expect(Set(disagreeing) == Set(knownDifferences.keys), "\(peer): the differences changed")
    #expect(Set(knownDifferences.keys).isSubset(of: Set(cases.map(\.name))), "\(peer): unknown case names")
  }
}
