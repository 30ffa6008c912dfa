import PlayerSeam

/// The cues of the loaded content and which of them the playhead is in.
package struct CueState {
  /// By start time.
  package private(set) var stored: [Cue] = []
  package var active: Set<String> = []
  package var timer: (any ScheduledTimer)?
  /// The cues' times in microseconds, for lookups that do not walk every cue.
  package private(set) var index = CueIndex([])

  /// No cues.
  package init() {}

  /// By start time. Setting them re-indexes only the cues past the part that kept its times.
  package var cues: [Cue] {
    get { stored }
    set {
      let old = stored
      stored = newValue
      index.update(from: old, to: stored)
    }
  }

  /// Merges `added` (in order of start) in, each after the known cues of the same start: appended
  /// and indexed alone when they all start at or after the last known cue (a segment loader's
  /// usual case), else merged and re-indexed from the first place that changed.
  package mutating func add(_ added: [Cue]) {
    guard let first = added.first else { return }
    guard let last = stored.last, first.startTime < last.startTime else {
      stored.append(contentsOf: added)
      index.append(added[...])
      return
    }
    let old = stored
    stored = CueOrder.merged(old, added)
    index.update(from: old, to: stored)
  }

  /// Takes out the cues of `ids`; the cues taken, in order.
  package mutating func remove(_ ids: Set<String>) -> [Cue] {
    var positions: [Int] = []
    // The ids are the player's cues (a loader's oldest, usually): the walk stops once all are found.
    for (position, cue) in stored.enumerated() where ids.contains(cue.id) {
      positions.append(position)
      if positions.count == ids.count { break }
    }
    guard let first = positions.first, let last = positions.last else { return [] }
    let removed = positions.map { stored[$0] }
    if last - first + 1 == positions.count {
      stored.removeSubrange(first...last)
    } else {
      let taken = Set(positions)
      stored = stored.indices.filter { !taken.contains($0) }.map { stored[$0] }
    }
    index.remove(at: positions)
    active.subtract(ids)
    return removed
  }
}
