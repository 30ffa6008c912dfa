/// A `SegmentTemplate`, `SegmentBase` or `SegmentList` as written at one level (Period,
/// AdaptationSet or Representation). A Representation's segment information is its own, with
/// what it leaves out taken from its adaptation set's, then its Period's, when they are of the
/// same kind (ISO/IEC 23009-1 §5.3.9.1).
public struct MPDSegmentInfo: Equatable, Sendable {
  /// Which element it is.
  public enum Kind: String, Equatable, Sendable {
    case template = "SegmentTemplate"
    case base = "SegmentBase"
    case list = "SegmentList"
  }

  /// Which element it is.
  public var kind: Kind
  /// `SegmentTemplate@media`.
  public var media: String?
  /// `SegmentTemplate@initialization`, or `Initialization@sourceURL`.
  public var initialization: String?
  /// `Initialization@range` (`first-last`, bytes).
  public var initializationRange: String?
  /// `@startNumber` (default 1).
  public var startNumber: UInt64?
  /// `@timescale` (default 1).
  public var timescale: UInt64?
  /// `@duration` in ticks: every segment's duration, without a `SegmentTimeline`.
  public var duration: UInt64?
  /// `@presentationTimeOffset` in ticks (default 0): the media time at the Period's start.
  public var presentationTimeOffset: UInt64?
  /// `SegmentBase@indexRange` (the `sidx`; read, not loaded).
  public var indexRange: String?
  /// `SegmentTimeline`'s `S` elements, if it has one.
  public var timeline: [MPDTimelineEntry]?
  /// `SegmentList`'s `SegmentURL`s.
  public var segmentURLs: [MPDSegmentURL] = []
  /// The line of its tag.
  public var line: Int

  /// Segment information of `kind` at the given line.
  public init(kind: Kind, line: Int) {
    self.kind = kind
    self.line = line
  }

  /// This level's information with what it leaves out taken from `parent` (the level above),
  /// when that is of the same kind; else this level's alone.
  public func inheriting(_ parent: MPDSegmentInfo?) -> MPDSegmentInfo {
    guard let parent, parent.kind == kind else { return self }
    var merged = self
    merged.media = media ?? parent.media
    merged.initialization = initialization ?? parent.initialization
    merged.initializationRange = initializationRange ?? parent.initializationRange
    merged.startNumber = startNumber ?? parent.startNumber
    merged.timescale = timescale ?? parent.timescale
    merged.duration = duration ?? parent.duration
    merged.presentationTimeOffset = presentationTimeOffset ?? parent.presentationTimeOffset
    merged.indexRange = indexRange ?? parent.indexRange
    merged.timeline = timeline ?? parent.timeline
    if segmentURLs.isEmpty { merged.segmentURLs = parent.segmentURLs }
    return merged
  }
}

/// One `S` of a `SegmentTimeline`: `@r` + 1 segments of `@d` ticks from `@t`.
public struct MPDTimelineEntry: Equatable, Sendable {
  /// `@t`: the first segment's media time; absent, it follows the previous entry's end.
  public var time: UInt64?
  /// `@d`: each segment's duration in ticks.
  public var duration: UInt64
  /// `@r`: how many more segments of the same duration follow (default 0); −1: up to the next
  /// entry's `@t`, or to the Period's end.
  public var repeatCount: Int64
  /// The line of its tag.
  public var line: Int

  /// An entry as written.
  public init(time: UInt64?, duration: UInt64, repeatCount: Int64, line: Int) {
    self.time = time
    self.duration = duration
    self.repeatCount = repeatCount
    self.line = line
  }
}

/// One `SegmentURL` of a `SegmentList`.
public struct MPDSegmentURL: Equatable, Sendable {
  /// `@media`; absent, the segment is (a range of) the BaseURL.
  public var media: String?
  /// `@mediaRange` (`first-last`, bytes).
  public var mediaRange: String?
  /// The line of its tag.
  public var line: Int

  /// A segment URL as written.
  public init(media: String?, mediaRange: String?, line: Int) {
    self.media = media
    self.mediaRange = mediaRange
    self.line = line
  }
}
