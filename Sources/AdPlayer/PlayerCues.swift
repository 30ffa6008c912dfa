import PlayerSeam

extension Player {
  /// The cues of the loaded content, by start time.
  public var cues: [Cue] { cueState.cues }

  /// Replaces the content's cues (the host does, as a live playlist brings new ones). A cue the
  /// playhead is in when it arrives fires `cue` at once, if the content is playing.
  public func setCues(_ newCues: [Cue]) {
    // A live playlist's reload sets them again, already in order: they are taken as they are
    // then, not copied into a sort.
    cueState.cues = CueOrder.byStart(newCues)
    // The cues the playhead is in are few: each is looked for rather than hashing every id.
    if !cueState.active.isEmpty {
      let cues = cueState.cues
      if cueState.active.count <= 8 {
        cueState.active = cueState.active.filter { id in cues.contains { $0.id == id } }
      } else {
        let known = Set(cues.map(\.id))
        cueState.active = cueState.active.filter { known.contains($0) }
      }
    }
    guard isLoaded, !paused, fatalError == nil else { return }
    checkCues()
    scheduleCueTimer()
  }

  /// Adds in-band cues that became known, merged by start after the cues of the same start:
  /// `addcue` for each, in order, then `cue` for those the playhead is in, if the content is
  /// playing (a cue is always announced before it fires).
  public func addCues(_ added: [Cue]) {
    guard !added.isEmpty else { return }
    cueState.add(CueOrder.byStart(added))
    for cue in added { dispatch(.addcue, cue: cue) }
    guard isLoaded, !paused, fatalError == nil else { return }
    checkCues()
    scheduleCueTimer()
  }

  /// Takes the cues of `ids` out of `cues`, each with a `removecue` event (not logged, as
  /// `addcue` is not).
  public func removeCues(_ ids: Set<String>) {
    guard !ids.isEmpty else { return }
    let removed = cueState.remove(ids)
    guard !removed.isEmpty else { return }
    for cue in removed { dispatch(.removecue, cue: cue) }
    guard isLoaded, !paused, fatalError == nil else { return }
    scheduleCueTimer()
  }

  /// The work of keeping the cues' index for the current source (cues indexed and compared), for
  /// tests that count it: a stream three times as long must cost three times as much.
  public var cueIndexOperations: Int { cueState.index.operations }

  /// Fires `cue` for each cue the playhead has entered since the last check.
  func checkCues() {
    guard !cueState.cues.isEmpty, fatalError == nil else { return }
    let position = positionMicros
    var active: Set<String> = []
    var entered: [Cue] = []
    for index in cueState.index.containing(position) {
      let cue = cueState.cues[index]
      active.insert(cue.id)
      if !cueState.active.contains(cue.id) { entered.append(cue) }
    }
    cueState.active = active
    for cue in entered { emit(.cue, currentTime: VirtualTime.seconds(position), cue: cue) }
  }

  /// While playing: a timer for the next cue boundary (a start ahead, or the end of an active
  /// cue), so that `cue` fires at the cue's exact time.
  func scheduleCueTimer() {
    cueState.timer?.cancel()
    cueState.timer = nil
    guard !paused, !isWaiting, isLoaded, fatalError == nil else { return }
    let position = positionMicros
    let index = cueState.index
    let upcoming = index.firstStart(after: position)
    var next: Int64? = upcoming < index.starts.count ? index.starts[upcoming] : nil
    // The ends ahead of the cues the playhead is in (those starting at or before it).
    for found in index.containing(position) where cueState.active.contains(cueState.cues[found].id) {
      if let end = index.ends[found], end > position { next = min(next ?? end, end) }
    }
    guard let next else { return }
    if let end = timeline.durationMicros, next > end { return }
    let link = link
    cueState.timer = loop.afterMicros(next - position) {
      guard let player = link.player else { return }
      player.cueState.timer = nil
      player.checkCues()
      player.scheduleCueTimer()
    }
  }

  func resetCues() {
    cueState.timer?.cancel()
    cueState = CueState()
  }
}
