import AdPlayer
import PlayerSeam

/// What a stalled run's message adds when the script paused the content and nothing played it
/// again: the action and its file, so the message says where the pause came from.
enum StallHint {
  /// "; the pause at 1 s in FILE paused it and no later action plays", or "".
  static func scriptedPause(_ options: RunOptions, before time: Double) -> String {
    guard let file = options.actionsPath else { return "" }
    // The last play or pause due by then, in time order, then file order.
    let last = options.actions.enumerated()
      .filter { $0.element.at <= time && ($0.element.kind == .play || $0.element.kind == .pause) }
      .max { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
    guard let last, last.element.kind == .pause else { return "" }
    let at = VirtualTime.secondsText(VirtualTime.micros(last.element.at))
    return "; the pause at \(at) s in \(file) (actions[\(last.offset)]) paused it and no later action plays"
  }
}
