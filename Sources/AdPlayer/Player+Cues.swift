import AdsCore
import PlayerSeam

// The cues are AdsCore's `CuePlayer` bookkeeping, shared with the real engine's player; the
// playhead that enters them is the virtual clock's.
extension Player: CuePlayer {
  /// The cues of the loaded content, by start time.
  public var cues: [Cue] { storedCues }

  /// Replaces the content's cues (the host does, as a live playlist brings new ones). A cue the
  /// playhead is in when it arrives fires `cue` at once, if the content is playing.
  public func setCues(_ newCues: [Cue]) { replaceCues(newCues) }

  /// Adds in-band cues that became known, merged by start after the cues of the same start:
  /// `addcue` for each, in order, then `cue` for those the playhead is in, if the content is
  /// playing (a cue is always announced before it fires).
  public func addCues(_ added: [Cue]) { mergeCues(added) }

  /// Takes the cues of `ids` out of `cues`, each with a `removecue` event (not logged, as
  /// `addcue` is not).
  public func removeCues(_ ids: Set<String>) { takeOutCues(ids) }

  package func enterCue(_ cue: Cue, at position: Int64) {
    emit(.cue, currentTime: VirtualTime.seconds(position), cue: cue)
  }

  package func cueTimer(afterMicros micros: Int64) -> any ScheduledTimer {
    loop.afterMicros(micros) { [link] in link.player?.cueTimerFired() }
  }
}
