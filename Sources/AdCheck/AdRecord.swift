import PlayerSeam

/// What the log has said so far about one ad: an `addad` and what followed for that ad id in
/// that break. Ads are told apart by id and break; two ads of one id in one break by the order
/// they were added (the next `adbegin` takes the first that has not begun).
final class AdRecord {
  let id: String
  let breakOffset: Double?
  /// Its duration as last created or updated, if known.
  var duration: Double?
  /// The `adbegin` entries (more than one breaks `ad-begins-once`).
  var begins: [LogEntry] = []
  /// The `adend` or `adskip` that finished it (since its last begin).
  var finish: LogEntry?
  /// How much of it had played when it finished (before any seek of that instant).
  var playedAtFinish: Double?
  /// The content position when it began.
  var beginPosition: Double?
  /// How far into the ad it began, in seconds: 0, or a late join's `joinedAt`.
  var joinedAt: Double = 0
  /// Whether the content played as it began: the ad is stitched into the content and plays as
  /// the content does; else it was inserted while the content waits.
  var stitched = false
  /// The quartile events fired, by kind.
  var quartiles: [LogKind: LogEntry] = [:]
  /// How many `<Impression>` URLs its VAST has, as its `vasttracking` entry says (0 when the log
  /// has none: the ad was not created from VAST, or its VAST has no `<Impression>`).
  var impressionURLs: Double = 0
  /// Each beacon event's first firing: its entries (one firing = one virtual time).
  var firings: [String: [LogEntry]] = [:]

  init(id: String, breakOffset: Double?, duration: Double?) {
    self.id = id
    self.breakOffset = breakOffset
    self.duration = duration
  }

  var began: Bool { !begins.isEmpty }
  /// Whether it is playing: begun and not yet ended or skipped.
  var playing: Bool { began && finish == nil }
  var skipped: Bool { finish?.kind == .adskip }
  var beganAt: Int64? { begins.last?.micros }

  /// Whether the quartile at `fraction` of the ad was already past when it began (a late join):
  /// it never fires, and no rule asks for it.
  func pastAtJoin(_ fraction: Double) -> Bool {
    guard joinedAt > 0, let duration else { return false }
    return fraction * duration < joinedAt
  }
}

/// What the log has said so far about one break.
final class BreakRecord {
  let offset: Double
  /// The `adbreakbegin` while it plays.
  var begin: LogEntry?
  /// Whether the playhead was seen outside it while it played (reported once).
  var reportedLeft = false

  init(offset: Double) { self.offset = offset }

  var playing: Bool { begin != nil }

  /// Whether it plays and the playhead has not been seen outside it yet.
  var isWatched: Bool { playing && !reportedLeft }
}
