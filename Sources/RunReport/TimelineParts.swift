import PlayerSeam

/// How an ad's run ended, each drawn differently.
public enum AdOutcome: String, Sendable, CaseIterable {
  /// Began and ended.
  case played
  /// Began and was skipped.
  case skipped
  /// Never began: a seek jumped over its break.
  case seekedOver = "seeked-over"
  /// An `aderror` named it.
  case failed
  /// Began, and the run ended before it did.
  case unfinished
  /// Never began, and no seek jumped over it.
  case notPlayed = "not-played"

  /// The legend's words.
  public var label: String {
    switch self {
    case .played: return "played"
    case .skipped: return "skipped"
    case .seekedOver: return "seeked over"
    case .failed: return "failed"
    case .unfinished: return "cut off by the run's end"
    case .notPlayed: return "not played"
    }
  }
}

/// One ad of one break, as it played (a break replayed after a snapback plays its ads again:
/// each play is an ad of its own here).
public struct AdSpan: Sendable {
  /// The ad's id.
  public let id: String
  /// The break's time offset, if the log gave it.
  public let breakOffset: Double?
  /// Its place in its break (0 first).
  public let slot: Int
  /// Virtual seconds when it began; nil when it never did.
  public var begin: Double?
  /// Virtual seconds when it ended, was skipped or failed.
  public var end: Double?
  /// How it ended.
  public var outcome: AdOutcome
  /// The `aderror` message, when it failed.
  public var error: String?
}

/// One play of an ad break.
public struct BreakSpan: Sendable {
  /// The break's time offset.
  public let offset: Double
  /// Virtual seconds of `adbreakbegin` and `adbreakend` (nil until it ends).
  public let begin: Double
  public var end: Double?
}

/// A beacon: its entry's index in the table, its ad and what the log says of it.
public struct BeaconTick: Sendable {
  /// The row of the table it is in (the entry's index among the shown entries).
  public let row: Int
  /// The index of its ad in `RunTimeline.ads`, if it could be told.
  public let ad: Int?
  /// Virtual and content seconds.
  public let time: Double
  public let content: Double
  /// The VAST event, URL, HTTP status and failure.
  public let event: String
  public let url: String
  public let status: Int?
  public let failure: String?

  /// Whether the beacon got no 2xx answer.
  public var failed: Bool { failure != nil || !(200..<300).contains(status ?? 0) }
}

/// A point of the run worth a marker: a scripted action or an error.
public struct TimelineMarker: Sendable {
  /// The row of the table it is in.
  public let row: Int
  public let time: Double
  public let content: Double
  /// `action`, `aderror`, `error`, …
  public let kind: LogKind
  /// What it says: the action and its result, the error's message.
  public let text: String
}
