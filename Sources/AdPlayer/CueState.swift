import PlayerSeam

/// The cues of the loaded content and which of them the playhead is in.
struct CueState {
  /// By start time.
  var cues: [Cue] = [] {
    didSet { index = CueIndex(cues) }
  }
  var active: Set<String> = []
  var timer: TimerHandle?
  /// The cues' times in microseconds, for lookups that do not walk every cue.
  private(set) var index = CueIndex([])
}

/// The cues' times in microseconds, computed once: finding the cues at a position or the next
/// boundary costs a binary search plus the cues that overlap it, not a walk over every cue (a
/// playlist with 10,000 cue-outs made each boundary walk them all: minutes of host work).
struct CueIndex {
  /// Start of each cue, ascending (the cues are sorted by start).
  let starts: [Int64]
  /// The end each cue is contained up to (exclusive): its end, one microsecond past the start for
  /// a cue without length, `Int64.max` for one without an end.
  let reaches: [Int64]
  /// The largest reach of the cues up to each position: no cue before a position whose running
  /// reach is ≤ p can contain p.
  let runningReach: [Int64]
  /// The end of each cue that has one (for the next boundary of an active cue).
  let ends: [Int64?]

  init(_ cues: [Cue]) {
    starts = cues.map { VirtualTime.micros($0.startTime) }
    ends = cues.map { $0.endTime.map(VirtualTime.micros) }
    reaches = zip(starts, ends).map { start, end in
      guard let end else { return Int64.max }
      return end > start ? end : start + 1
    }
    var running = Int64.min
    runningReach = reaches.map { reach in
      running = max(running, reach)
      return running
    }
  }

  /// The position of the first cue starting after `micros`.
  func firstStart(after micros: Int64) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= micros { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The positions of the cues containing `micros`, in order.
  func containing(_ micros: Int64) -> [Int] {
    var found: [Int] = []
    var position = firstStart(after: micros) - 1
    while position >= 0, runningReach[position] > micros {
      if reaches[position] > micros { found.append(position) }
      position -= 1
    }
    return found.reversed()
  }
}
