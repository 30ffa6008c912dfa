/// The content a source plays: its duration, or live (no end). PluginHost fills it from the HLS
/// playlist through `Player.prepareContent`.
public struct ContentTimeline: Equatable, Sendable {
  /// The duration in seconds; `nil` for live content.
  public var duration: Double?

  /// A timeline of the given duration (`nil`: live).
  public init(duration: Double?) {
    self.duration = duration.map { max(0, $0.isFinite ? $0 : 0) }
  }

  /// Video on demand of `duration` seconds.
  public static func vod(_ duration: Double) -> ContentTimeline { ContentTimeline(duration: duration) }

  /// Live content: it never ends.
  public static let live = ContentTimeline(duration: nil)

  /// Whether the content is live.
  public var isLive: Bool { duration == nil }

  var durationMicros: Int64? { duration.map { VirtualTime.micros($0) } }
}
