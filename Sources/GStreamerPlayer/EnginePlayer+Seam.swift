import AdsCore
import OutsideText
import PlayerSeam

// The engine's player is an implementation of the bridge's protocols on AdsCore's ads, breaks
// and controllers, as the headless player is.
extension EnginePlayer: IntegrationPlayer {
  /// The ads of this player.
  public typealias Ad = AdsCore.Ad
  /// The breaks of this player.
  public typealias AdBreak = AdsCore.AdBreak
  /// The controllers of this player.
  public typealias Controller = ServerSideAdIntegrationController

  /// The cues of the loaded content, by start time.
  public var cues: [Cue] { storedCues }

  /// Replaces the content's cues.
  public func setCues(_ newCues: [Cue]) { replaceCues(newCues) }

  /// Adds cues that became known (`addcue` each, then `cue` for those the playhead is in).
  public func addCues(_ added: [Cue]) { mergeCues(added) }

  /// Takes cues out (`removecue` each).
  public func removeCues(_ ids: Set<String>) { takeOutCues(ids) }

  /// Fires an event of the host's with fields of its own, logged with the playhead.
  public func emit(_ type: EventType, detail: JSONObject, logged: JSONObject?) {
    PlayerEvents.fire(
      type, at: loop.nowMicros, log: log, listeners: listeners, ads: ads, detail: detail, logged: logged,
      currentTime: currentTime)
  }

  /// Hands an event to the listeners without logging it.
  public func dispatch(_ type: EventType, cue: Cue?) {
    PlayerEvents.dispatch(type, at: loop.nowMicros, listeners: listeners, currentTime: currentTime, cue: cue)
  }
}

extension EnginePlayer: CuePlayer {
  /// Fires `cue`, and logs `cue-drift` when the engine's position is further from the cue's
  /// content time than `cueDriftTolerance`.
  package func enterCue(_ cue: Cue, at position: Int64) {
    let seconds = VirtualTime.seconds(position)
    emit(.cue, currentTime: seconds, cue: cue)
    guard abs(seconds - cue.startTime) > cueDriftTolerance, cue.startTime.isFinite else { return }
    appendLog(
      .cueDrift,
      fields: JSONObject([
        ("cue", .string(cue.id)), ("cueTime", .number(cue.startTime)), ("enginePosition", .number(seconds)),
      ]))
  }

  package func cueTimer(afterMicros micros: Int64) -> any ScheduledTimer {
    loop.afterMicros(micros) { [link] in link.player?.playedOn() }
  }

  /// The playhead moved on by playing: the cues it passed since the last look fire too, even
  /// those it is no longer in (a cue without length lasts a microsecond, and a real clock's timer
  /// or the engine's report comes later than that), then those it is in.
  func playedOn() {
    cueState.timer = nil
    let position = positionMicros
    if let last = lastCueCheckMicros, last < position, fatalError == nil {
      let index = cueState.index
      var found = index.firstStart(after: last)
      while found < index.starts.count, index.starts[found] <= position {
        let cue = cueState.cues[found]
        if index.reaches[found] <= position, !cueState.active.contains(cue.id) { enterCue(cue, at: position) }
        found += 1
      }
    }
    lastCueCheckMicros = position
    checkCues()
    scheduleCueTimer()
  }
}
