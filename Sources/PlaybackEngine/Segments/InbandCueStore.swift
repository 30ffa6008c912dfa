import PlayerSeam

/// The in-band cues a segment loader holds for the player, by start, and their ids: what is
/// added costs the cues added (appended, as segments load in order), what is released the cues
/// released (docs/media.md "Cues held"). Host thread only.
struct InbandCueStore {
  /// By start.
  private(set) var cues: [Cue] = []
  private var ids: Set<String> = []

  /// The cues of `found` whose ids are not held (a segment loaded again brings the same ids),
  /// now held; in the order found (the order of their `addcue`s).
  mutating func admit(_ found: [Cue]) -> [Cue] {
    let added = found.filter { ids.insert($0.id).inserted }
    let ordered = CueOrder.byStart(added)
    guard let first = ordered.first else { return [] }
    // After a seek back a segment's cues go before later ones: merged (once per seek).
    if let last = cues.last, first.startTime < last.startTime {
      cues = CueOrder.merged(cues, ordered)
    } else {
      cues.append(contentsOf: ordered)
    }
    return added
  }

  /// Lets go of the cues that end before `limit` (seconds of content time): those start before
  /// it, so only the leading cues are looked at. Their ids, which a segment loaded again may
  /// bring anew.
  mutating func release(endingBefore limit: Double) -> Set<String> {
    var released: Set<String> = []
    var kept: [Cue] = []
    var position = 0
    while position < cues.count, cues[position].startTime < limit {
      let cue = cues[position]
      if (cue.endTime ?? .infinity) < limit { released.insert(cue.id) } else { kept.append(cue) }
      position += 1
    }
    guard !released.isEmpty else { return [] }
    cues.replaceSubrange(0..<position, with: kept)
    ids.subtract(released)
    return released
  }
}
