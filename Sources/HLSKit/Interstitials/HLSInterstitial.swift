import Foundation

/// An HLS interstitial: an `#EXT-X-DATERANGE` with `CLASS="com.apple.hls.interstitial"`
/// (draft-pantos-hls-rfc8216bis, Appendix D), its attributes read and checked.
public struct HLSInterstitial: Equatable, Sendable {
  /// The `CLASS` of an interstitial date range.
  public static let dateRangeClass = "com.apple.hls.interstitial"

  /// What the interstitial plays.
  public enum Asset: Equatable, Sendable {
    /// `X-ASSET-URI`: one asset, an HLS playlist.
    case uri(URL)
    /// `X-ASSET-LIST`: a JSON asset list, loaded just before the interstitial plays.
    case list(URL)
  }

  /// `CUE` triggers (RFC 8216bis 4.4.5.1).
  public enum Trigger: String, Sendable, CaseIterable {
    /// `PRE`: plays before the primary content starts.
    case pre = "PRE"
    /// `POST`: plays after the primary content ends.
    case post = "POST"
    /// `ONCE`: plays once only, however often the playhead reaches it.
    case once = "ONCE"
  }

  /// `X-SNAP` values.
  public enum Snap: String, Sendable, CaseIterable {
    /// `OUT`: the primary content leaves at the segment boundary nearest the start.
    case out = "OUT"
    /// `IN`: it resumes at the segment boundary nearest the resumption point.
    case `in` = "IN"
  }

  /// `X-RESTRICT` values.
  public enum Restriction: String, Sendable, CaseIterable {
    /// `SKIP`: no seeking (nor skipping) while the interstitial plays.
    case skip = "SKIP"
    /// `JUMP`: a seek past the interstitial's start plays it first.
    case jump = "JUMP"
  }

  /// `X-TIMELINE-OCCUPIES`: how a user interface shows the interstitial on the primary timeline.
  public enum TimelineOccupies: String, Sendable, CaseIterable {
    /// A single point (the default).
    case point = "POINT"
    /// A range, the duration of the date range.
    case range = "RANGE"
  }

  /// `X-TIMELINE-STYLE`: how a user interface presents the interstitial.
  public enum TimelineStyle: String, Sendable, CaseIterable {
    /// Set apart from the primary content, as an ad (the default).
    case highlight = "HIGHLIGHT"
    /// As part of the primary content.
    case primary = "PRIMARY"
  }

  /// When a skip control shows, and for how long (Appendix D.3).
  public struct SkipControl: Equatable, Sendable {
    /// Seconds into the interstitial (or asset) at which the control shows.
    public var offset: Double?
    /// Seconds it stays; `nil`: until the end.
    public var duration: Double?
    /// The id of the label a user interface shows on it.
    public var labelId: String?

    /// Creates a skip control.
    public init(offset: Double? = nil, duration: Double? = nil, labelId: String? = nil) {
      self.offset = offset
      self.duration = duration
      self.labelId = labelId
    }
  }

  /// The date range's `ID`.
  public var id: String
  /// Seconds on the primary timeline where `START-DATE` falls.
  public var startTime: Double
  /// `DURATION` (or `END-DATE` − `START-DATE`): the primary content the interstitial stands for.
  public var duration: Double?
  /// `PLANNED-DURATION`.
  public var plannedDuration: Double?
  /// `X-ASSET-URI` or `X-ASSET-LIST`, resolved against the playlist.
  public var asset: Asset
  /// `X-RESUME-OFFSET`: seconds after the start where the primary content resumes.
  public var resumeOffset: Double?
  /// `X-PLAYOUT-LIMIT`: the most seconds the interstitial plays.
  public var playoutLimit: Double?
  /// `X-SNAP`.
  public var snap: Set<Snap>
  /// `X-RESTRICT`.
  public var restrictions: Set<Restriction>
  /// `CUE`.
  public var triggers: Set<Trigger>
  /// `X-TIMELINE-OCCUPIES` (default `POINT`).
  public var timelineOccupies: TimelineOccupies
  /// `X-TIMELINE-STYLE` (default `HIGHLIGHT`).
  public var timelineStyle: TimelineStyle
  /// `X-CONTENT-MAY-VARY` (default `YES`): whether the interstitial may differ between viewers.
  public var contentMayVary: Bool
  /// `X-SKIP-CONTROL-OFFSET`, `-DURATION`, `-LABEL-ID`, if any is given.
  public var skipControl: SkipControl?
  /// The other attributes (client attributes `X-…`, `SCTE35-…`), as written.
  public var otherAttributes: [HLSAttribute]
  /// The line of the tag.
  public var line: Int

  /// The seconds after the start where the primary content resumes when the interstitial
  /// played `played` seconds: `X-RESUME-OFFSET`, else the date range's duration, else `played`
  /// (the interstitial replaced that much of the primary content).
  public func resumeOffset(played: Double) -> Double { resumeOffset ?? duration ?? played }
}
