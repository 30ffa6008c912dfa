/// The content a source plays: its duration, or live (no end). PluginHost fills it from the HLS
/// playlist through `Player.prepareContent`.
public struct ContentTimeline: Equatable, Sendable {
  /// The longest content adhost plays: one week (604800 s). A source's `duration`, `--duration`
  /// and an HLS playlist's segments are refused past it, so no input makes a run play on for ever.
  public static let maxDuration = 604_800.0

  /// The duration in seconds; `nil` for live content.
  public var duration: Double? {
    didSet { durationMicros = duration.map { VirtualTime.micros($0) } }
  }

  /// The duration in microseconds, converted once when set: the player reads it for every
  /// position it reports (each `timeupdate`, each timer).
  package private(set) var durationMicros: Int64?

  /// A timeline of the given duration (`nil`: live), within 0…`maxDuration` (NaN reads as 0).
  public init(duration: Double?) {
    self.duration = duration.map { $0.isNaN ? 0 : min(max(0, $0), Self.maxDuration) }
    durationMicros = self.duration.map { VirtualTime.micros($0) }
  }

  /// Video on demand of `duration` seconds.
  public static func vod(_ duration: Double) -> ContentTimeline { ContentTimeline(duration: duration) }

  /// Live content: it never ends.
  public static let live = ContentTimeline(duration: nil)

  /// Whether the content is live.
  public var isLive: Bool { duration == nil }

  /// Where the playhead starts as the content loads, in content seconds (0 unless said): a live
  /// HLS playlist's start point, or its `#EXT-X-START`. The player takes it from the timeline
  /// `prepareContent` gives; `setTimeline` leaves the playhead where it is.
  public var startPosition = 0.0

  /// This timeline, its playhead starting at `seconds` (NaN and less than 0 read as 0).
  public func starting(at seconds: Double) -> ContentTimeline {
    var timeline = self
    timeline.startPosition = seconds.isNaN ? 0 : max(0, seconds)
    return timeline
  }
}
