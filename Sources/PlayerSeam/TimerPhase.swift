/// Where a timer stands among the work due at the same virtual time.
public enum TimerPhase: Int, Sendable {
  /// The player's playhead (its `timeupdate` ticks, the content's end, cues), integrations' and
  /// plugins' timers: first, in the order they were scheduled.
  case work
  /// A viewer's action (a scripted `seek`, `pause`, `skip`, …): after every `work` timer due at
  /// the same time, including those that this work schedules for that time, so that what was
  /// due when the action happens (an ad reaching its end) has happened.
  case userAction
}
