import PlayerSeam

/// The cues' times in microseconds, computed once: finding the cues at a position or the next
/// boundary costs a binary search plus the cues that overlap it, not a walk over every cue (a
/// playlist with 10,000 cue-outs made each boundary walk them all: minutes of host work).
package struct CueIndex {
  /// Start of each cue, ascending (the cues are sorted by start).
  package private(set) var starts: [Int64] = []
  /// The end each cue is contained up to (exclusive): its end, one microsecond past the start for
  /// a cue without length, `Int64.max` for one without an end.
  package private(set) var reaches: [Int64] = []
  /// The largest reach of the cues up to each position: no cue before a position whose running
  /// reach is ≤ p can contain p.
  package private(set) var runningReach: [Int64] = []
  /// The end of each cue that has one (for the next boundary of an active cue).
  package private(set) var ends: [Int64?] = []
  /// The work done keeping the index, for tests: cues indexed, plus cues compared when cues are
  /// replaced (`update`).
  package private(set) var operations = 0

  package init(_ cues: [Cue]) { append(cues[...]) }

  /// Re-indexes `cues`, which replace `old` (the cues this index was built from): the leading cues
  /// whose start and end did not change keep their entries, the rest are indexed anew.
  package mutating func update(from old: [Cue], to cues: [Cue]) {
    var kept = 0
    let limit = min(old.count, cues.count, starts.count)
    while kept < limit, old[kept].startTime == cues[kept].startTime, old[kept].endTime == cues[kept].endTime {
      kept += 1
    }
    operations += kept
    truncate(to: kept)
    append(cues[kept...])
  }

  /// Keeps the entries of the first `count` cues only.
  package mutating func truncate(to count: Int) {
    starts.removeSubrange(count...)
    ends.removeSubrange(count...)
    reaches.removeSubrange(count...)
    runningReach.removeSubrange(count...)
  }

  /// Takes out the entries at `positions` (ascending). The running reaches after the first are
  /// computed again only until they come out as before: from there on nothing changed (taking
  /// the oldest point cues out changes none).
  package mutating func remove(at positions: [Int]) {
    guard let first = positions.first, let last = positions.last else { return }
    if last - first + 1 == positions.count {
      // One run (the oldest cues, usually): moved down at once.
      starts.removeSubrange(first...last)
      ends.removeSubrange(first...last)
      reaches.removeSubrange(first...last)
      runningReach.removeSubrange(first...last)
    } else {
      let taken = Set(positions)
      starts = starts.indices.filter { !taken.contains($0) }.map { starts[$0] }
      ends = ends.indices.filter { !taken.contains($0) }.map { ends[$0] }
      reaches = reaches.indices.filter { !taken.contains($0) }.map { reaches[$0] }
      runningReach = runningReach.indices.filter { !taken.contains($0) }.map { runningReach[$0] }
    }
    operations += positions.count
    var running = first > 0 ? runningReach[first - 1] : Int64.min
    for position in first..<starts.count {
      running = max(running, reaches[position])
      operations += 1
      if runningReach[position] == running { break }
      runningReach[position] = running
    }
  }

  /// Indexes `cues`, which follow the cues indexed (in order of start).
  package mutating func append(_ cues: ArraySlice<Cue>) {
    operations += cues.count
    var running = runningReach.last ?? Int64.min
    for cue in cues {
      let start = VirtualTime.micros(cue.startTime)
      let end = cue.endTime.map(VirtualTime.micros)
      let reach: Int64
      if let end { reach = end > start ? end : start + 1 } else { reach = Int64.max }
      running = max(running, reach)
      starts.append(start)
      ends.append(end)
      reaches.append(reach)
      runningReach.append(running)
    }
  }

  /// The position of the first cue starting after `micros`.
  package func firstStart(after micros: Int64) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= micros { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The positions of the cues containing `micros`, in order.
  package func containing(_ micros: Int64) -> [Int] {
    var found: [Int] = []
    var position = firstStart(after: micros) - 1
    while position >= 0, runningReach[position] > micros {
      if reaches[position] > micros { found.append(position) }
      position -= 1
    }
    return found.reversed()
  }
}
