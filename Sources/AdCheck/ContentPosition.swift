import PlayerSeam

/// The content's position as the log tells it: exact at each entry that carries `currentTime`
/// (`timeupdate`, `seeking`, `seeked`, `play`, `pause`, `ended`, …), advancing with the clock
/// in between while the content plays.
struct ContentPosition {
  private var known: Double?
  private var knownAt: Int64 = 0
  /// Whether the content plays (after `playing`, until `pause`, `ended` or a fatal `error`).
  private(set) var playing = false
  /// Where the content was when the first seek of an instant began.
  private var seekFrom: (micros: Int64, position: Double?)?

  /// Takes in what an entry says about the content.
  mutating func observe(_ entry: LogEntry) {
    if entry.kind == .seeking, seekFrom?.micros != entry.micros {
      seekFrom = (entry.micros, at(entry.micros))
    }
    if let time = entry.fields["currentTime"]?.numberValue {
      known = time
      knownAt = entry.micros
    }
    switch entry.kind {
    case .playing: playing = true
    case .pause, .ended, .error: playing = false
    case .sourcechange: known = nil
    default: break
    }
  }

  /// Takes in a `timeupdate`: its `currentTime` (what `observe` does with one, without the
  /// comparisons of its type with the others').
  mutating func observeTime(_ entry: LogEntry) {
    if let time = entry.fields["currentTime"]?.numberValue {
      known = time
      knownAt = entry.micros
    }
  }

  /// The position at `micros` (not before the last entry), if the log has given one yet.
  func at(_ micros: Int64) -> Double? {
    guard let known else { return nil }
    guard playing else { return known }
    return known + VirtualTime.seconds(max(0, micros - knownAt))
  }

  /// The position at `micros` before any seek of that instant: how far playback got.
  func beforeSeek(_ micros: Int64) -> Double? {
    if let seekFrom, seekFrom.micros == micros { return seekFrom.position }
    return at(micros)
  }
}
