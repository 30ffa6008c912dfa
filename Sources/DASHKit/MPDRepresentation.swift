/// One `AdaptationSet` of a Period: its Representations (the same content at different
/// bandwidths) and the segment information and `BaseURL` they inherit.
public struct MPDAdaptationSet: Equatable, Sendable {
  /// `@id`, if given.
  public var id: String?
  /// `@contentType` (`video`, `audio`, `text`…), if given.
  public var contentType: String?
  /// `@mimeType` (`video/mp4`…), if given.
  public var mimeType: String?
  /// Its first `BaseURL`, as written (resolved against the Period's when segments are listed).
  public var baseURL: String?
  /// Its `SegmentTemplate`, `SegmentBase` or `SegmentList`, which its Representations inherit.
  public var segmentInfo: MPDSegmentInfo?
  /// Its `InbandEventStream`s: the `emsg` schemes all its Representations carry.
  public var inbandEventStreams: [MPDInbandEventStream] = []
  /// Its Representations in document order.
  public var representations: [MPDRepresentation] = []
  /// The line of its `<AdaptationSet>` tag.
  public var line: Int

  /// An adaptation set at the given line.
  public init(line: Int) { self.line = line }

  /// Whether it carries video: `@contentType` `video`, or a `video/` `@mimeType` (its own or its
  /// first Representation's).
  public var isVideo: Bool {
    if let contentType { return contentType == "video" }
    let type = mimeType ?? representations.first?.mimeType ?? ""
    return type.hasPrefix("video/")
  }
}

/// One `Representation` of an adaptation set.
public struct MPDRepresentation: Equatable, Sendable {
  /// `@id` (what `$RepresentationID$` stands for).
  public var id: String?
  /// `@bandwidth` in bits per second (what `$Bandwidth$` stands for).
  public var bandwidth: UInt64?
  /// `@mimeType`, if given.
  public var mimeType: String?
  /// Its first `BaseURL`, as written.
  public var baseURL: String?
  /// Its own `SegmentTemplate`, `SegmentBase` or `SegmentList` (its adaptation set's and
  /// Period's fill in what it leaves out).
  public var segmentInfo: MPDSegmentInfo?
  /// Its own `InbandEventStream`s.
  public var inbandEventStreams: [MPDInbandEventStream] = []
  /// The line of its `<Representation>` tag.
  public var line: Int
  /// Its path, e.g. `MPD/Period[1]/AdaptationSet[1]/Representation[2]`.
  public var path: String

  /// A representation at the given line and path.
  public init(line: Int, path: String) {
    self.line = line
    self.path = path
  }
}

/// An `InbandEventStream`: the Representation's segments carry `emsg` boxes of this scheme.
public struct MPDInbandEventStream: Equatable, Sendable {
  /// `@schemeIdUri`.
  public var schemeIdUri: String
  /// `@value`, if given.
  public var value: String?

  /// A declaration of `schemeIdUri` (and `value`).
  public init(schemeIdUri: String, value: String?) {
    self.schemeIdUri = schemeIdUri
    self.value = value
  }
}
