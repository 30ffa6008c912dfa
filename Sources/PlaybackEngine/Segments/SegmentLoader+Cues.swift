import PlayerSeam

extension SegmentLoader {
  /// After a segment loaded: lets go of what lies too far behind the playhead, then hands the
  /// player the segment's new cues (`addcue` each, before any `cue`).
  ///
  /// Whole segments are let go, as a player evicts its back buffer: those before the one that
  /// holds the point `SegmentOptions.backBuffer` seconds behind the playhead (Shaka's
  /// `bufferBehind`), or before the latest live window's first segment once the playhead is
  /// past it. The in-band cues that end before that segment are released (the player drops each
  /// with `removecue`), and the buffer starts there: a seek back before it loads the segments
  /// again, and they announce their cues anew.
  func publish(_ added: [Cue]) {
    let released = releaseBehind()
    if !released.isEmpty { player.removeCues(released) }
    let announced = released.isEmpty ? added : added.filter { !released.contains($0.id) }
    if !announced.isEmpty { player.addCues(announced) }
  }

  /// The ids of the cues released now.
  private func releaseBehind() -> Set<String> {
    let playhead = player.currentTime
    var limit = playhead - options.backBuffer
    if let windowStart = segments.first?.startTime { limit = max(limit, min(windowStart, playhead)) }
    guard let holding = landing(at: limit) else { return [] }
    let start = segments[holding].startTime
    guard start > bufferStart, start <= bufferedEnd else { return [] }
    bufferStart = start
    return inband.release(endingBefore: start)
  }
}
