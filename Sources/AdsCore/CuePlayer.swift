import PlayerSeam

/// A player that fires its content's cues as the playhead enters them: the headless player and
/// the real engine's keep their cues the same way and differ only in where the playhead comes
/// from. Host thread only.
package protocol CuePlayer: AnyObject {
  /// The cues and which the playhead is in.
  var cueState: CueState { get set }
  /// The playhead, in content microseconds.
  var positionMicros: Int64 { get }
  /// Whether a source is loaded.
  var isLoaded: Bool { get }
  /// Whether playback is paused.
  var paused: Bool { get }
  /// Whether the content waits for media.
  var isWaiting: Bool { get }
  /// The fatal error that stopped playback, if any.
  var fatalError: (message: String, code: Int)? { get }
  /// The content's timeline.
  var timeline: ContentTimeline { get }
  /// Hands an event to the listeners without logging it (`addcue`, `removecue`).
  func dispatch(_ type: EventType, cue: Cue?)
  /// Logs and fires `cue` for `cue`, entered at `position` (content microseconds).
  func enterCue(_ cue: Cue, at position: Int64)
  /// A timer that calls `cueTimerFired()` after `micros` of playback; it reaches the player
  /// through the player's own link (no `weak` reference: see `AdsLink`).
  func cueTimer(afterMicros micros: Int64) -> any ScheduledTimer
}

extension CuePlayer {
  /// The cues of the loaded content, by start time.
  package var storedCues: [Cue] { cueState.cues }

  /// The work of keeping the cues' index for the current source (cues indexed and compared), for
  /// tests that count it: a stream three times as long must cost three times as much.
  package var cueIndexOperations: Int { cueState.index.operations }

  /// Replaces the content's cues (the host does, as a live playlist brings new ones). A cue the
  /// playhead is in when it arrives fires `cue` at once, if the content is playing.
  package func replaceCues(_ newCues: [Cue]) {
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
  package func mergeCues(_ added: [Cue]) {
    guard !added.isEmpty else { return }
    cueState.add(CueOrder.byStart(added))
    for cue in added { dispatch(.addcue, cue: cue) }
    guard isLoaded, !paused, fatalError == nil else { return }
    checkCues()
    scheduleCueTimer()
  }

  /// Takes the cues of `ids` out of `cues`, each with a `removecue` event (not logged, as
  /// `addcue` is not).
  package func takeOutCues(_ ids: Set<String>) {
    guard !ids.isEmpty else { return }
    let removed = cueState.remove(ids)
    guard !removed.isEmpty else { return }
    for cue in removed { dispatch(.removecue, cue: cue) }
    guard isLoaded, !paused, fatalError == nil else { return }
    scheduleCueTimer()
  }

  /// Fires `cue` for each cue the playhead has entered since the last check.
  package func checkCues() {
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
    for cue in entered { enterCue(cue, at: position) }
  }

  /// While playing: a timer for the next cue boundary (a start ahead, or the end of an active
  /// cue), so that `cue` fires at the cue's exact time.
  package func scheduleCueTimer() {
    cancelCueTimer()
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
    cueState.timer = cueTimer(afterMicros: next - position)
  }

  /// What the timer of `scheduleCueTimer` does when it fires.
  package func cueTimerFired() {
    cueState.timer = nil
    checkCues()
    scheduleCueTimer()
  }

  /// Stops the cue timer.
  package func cancelCueTimer() {
    cueState.timer?.cancel()
    cueState.timer = nil
  }

  /// Forgets the cues (a new source).
  package func resetCues() {
    cancelCueTimer()
    cueState = CueState()
  }
}
