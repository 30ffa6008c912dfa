extension Player {
  /// The cues of the loaded content, by start time.
  public var cues: [Cue] { cueState.cues }

  /// Replaces the content's cues (the host does, as a live playlist brings new ones). A cue the
  /// playhead is in when it arrives fires `cue` at once, if the content is playing.
  public func setCues(_ newCues: [Cue]) {
    cueState.cues = newCues.enumerated().sorted {
      ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset)
    }.map(\.element)
    let known = Set(cueState.cues.map(\.id))
    cueState.active = cueState.active.filter { known.contains($0) }
    guard isLoaded, !paused, fatalError == nil else { return }
    checkCues()
    scheduleCueTimer()
  }

  /// Fires `cue` for each cue the playhead has entered since the last check.
  func checkCues() {
    guard !cueState.cues.isEmpty, fatalError == nil else { return }
    let position = positionMicros
    var active: Set<String> = []
    var entered: [Cue] = []
    for cue in cueState.cues where cue.contains(position) {
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
    guard !paused, isLoaded, fatalError == nil else { return }
    let position = positionMicros
    var next: Int64?
    for cue in cueState.cues {
      let start = VirtualTime.micros(cue.startTime)
      if start > position {
        next = min(next ?? start, start)
        break
      }
      if let endTime = cue.endTime, cueState.active.contains(cue.id) {
        let end = VirtualTime.micros(endTime)
        if end > position { next = min(next ?? end, end) }
      }
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
