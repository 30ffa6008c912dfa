extension ArgumentSpec {
  /// The spelling of a declared option closest to an unknown `name` (a typo: at most two
  /// letters added, removed, changed or swapped), for the error's "did you mean"; nil when none
  /// is that close or two are equally close.
  func nearest(to name: String) -> String? {
    let typed = Array(name)
    let scored = spellings.keys.map { ($0, Self.distance(typed, Array($0))) }.filter { $0.1 <= 2 }
    guard let best = scored.map(\.1).min() else { return nil }
    let closest = scored.filter { $0.1 == best }
    return closest.count == 1 ? closest.first?.0 : nil
  }

  /// The optimal string alignment distance between `a` and `b`: insertions, deletions,
  /// substitutions and transpositions of neighbours, each counting one.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}
