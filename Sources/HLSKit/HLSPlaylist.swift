import Foundation

/// A parsed HLS playlist: a multivariant playlist lists variants, a media playlist lists
/// segments.
public enum HLSPlaylist: Equatable, Sendable {
  /// A multivariant (master) playlist.
  case multivariant(HLSMultivariantPlaylist)
  /// A media playlist.
  case media(HLSMediaPlaylist)
}

/// One attribute of a tag's attribute list, in the order the tag gives it.
public struct HLSAttribute: Equatable, Sendable {
  /// The attribute name, e.g. `START-DATE`.
  public var name: String
  /// The value as text, without the quotes of a quoted string.
  public var value: String

  /// Creates an attribute.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A multivariant playlist: the variant streams in the order listed.
public struct HLSMultivariantPlaylist: Equatable, Sendable {
  /// The playlist's own URL (relative URIs resolve against it).
  public var url: URL
  /// The variants, in playlist order.
  public var variants: [HLSVariant]
  /// `#EXT-X-START`, when given: it applies to every variant (and wins over theirs).
  public var start: HLSStart?
  /// What was dropped while reading (an `#EXT-X-START` that cannot be read), each naming its line.
  public var warnings: [HLSParseError] = []
}

/// One `#EXT-X-STREAM-INF` variant.
public struct HLSVariant: Equatable, Sendable {
  /// The media playlist's URI resolved against the multivariant playlist's URL, kept as a
  /// segment's is (`HLSResolvedURI`).
  var resolvedURI: HLSResolvedURI
  /// The media playlist's URI resolved against the multivariant playlist's URL, as text: made
  /// from `resolvedURI` when read.
  public var uri: String { resolvedURI.text }
  /// The media playlist's URL, resolved: made from `uri` when read.
  public var url: URL { resolvedURI.url }
  /// `BANDWIDTH`, bits per second.
  public var bandwidth: Int
  /// `RESOLUTION`, e.g. `1280x720`, if given.
  public var resolution: String?
  /// Every attribute of the tag, in order: made from the tag's text when read (the reader keeps
  /// an ASCII list as one `String`, `HLSKeptAttributes`).
  public var attributes: [HLSAttribute] {
    get { keptAttributes.attributes }
    set { keptAttributes = HLSKeptAttributes(newValue) }
  }
  var keptAttributes: HLSKeptAttributes
  /// The line of the `#EXT-X-STREAM-INF` tag.
  public var line: Int
}

/// One media segment.
public struct HLSSegment: Equatable, Sendable {
  /// The segment's URI resolved against the playlist's URL, kept as text (`HLSResolvedURI`). A
  /// long playlist's segments are read as text: a `URL` each cost more than the rest of reading
  /// them (docs/history/benchmarks-journal.md).
  public internal(set) var resolvedURI: HLSResolvedURI
  /// The segment's URI resolved against the playlist's URL, as text (an absolute URL's
  /// `absoluteString`): made from `resolvedURI` when read.
  public var uri: String { resolvedURI.text }
  /// The segment's URL, resolved: made from `uri` when read.
  public var url: URL { resolvedURI.url }
  /// `#EXTINF` duration in seconds.
  public var duration: Double
  /// The media sequence number.
  public var sequence: Int
  /// Seconds from the start of the timeline (of the playlist, or of the merged live timeline).
  public var startTime: Double
  /// The segment's `#EXT-X-PROGRAM-DATE-TIME` as seconds since 1970, given or carried forward
  /// from an earlier segment; `nil` when the playlist has none.
  public var programDateTime: Double?
  /// Whether `#EXT-X-DISCONTINUITY` precedes it.
  public var discontinuity: Bool
  /// The line of its URI.
  public var line: Int
  /// Its `#EXT-X-BYTERANGE`: only these bytes of `url` are the segment.
  public var byteRange: HLSByteRange? = nil
  /// The `#EXT-X-MAP` in force for it (fMP4: the init segment), if any.
  public var map: HLSMap? = nil

  /// Where the segment ends on the timeline.
  public var endTime: Double { startTime + duration }
}

extension HLSSegment {
  /// A segment at `url`.
  init(
    url: URL, duration: Double, sequence: Int, startTime: Double, programDateTime: Double?,
    discontinuity: Bool, line: Int
  ) {
    self.init(
      resolvedURI: HLSResolvedURI(url.absoluteString), duration: duration, sequence: sequence,
      startTime: startTime, programDateTime: programDateTime, discontinuity: discontinuity, line: line)
  }
}

/// A timed-metadata cue made of an ad marker: an `#EXT-X-DATERANGE`, or a
/// `#EXT-X-CUE-OUT`…`#EXT-X-CUE-IN` span.
public struct HLSCue: Equatable, Sendable {
  /// What made the cue.
  public enum Kind: String, Sendable {
    /// `#EXT-X-DATERANGE`.
    case dateRange = "daterange"
    /// `#EXT-X-CUE-OUT` (or `#EXT-X-CUE-OUT-CONT` when the window starts inside the span) up to
    /// `#EXT-X-CUE-IN`.
    case cueOut = "cue-out"
  }

  /// The `ID` of a date range; `cue-out-<sequence>` (the media sequence number of its first
  /// segment) for a cue-out span.
  public var id: String
  /// What made it.
  public var kind: Kind
  /// Seconds on the timeline where it starts.
  public var startTime: Double
  /// Seconds on the timeline where it ends; `nil` while unknown (an open span, a date range
  /// without a duration).
  public var endTime: Double?
  /// The date range's `CLASS`, e.g. `com.apple.hls.interstitial`.
  public var cueClass: String?
  /// The tag's attributes in order (a date range's; `DURATION` or `ELAPSEDTIME` of a cue-out).
  public var attributes: [HLSAttribute]
  /// The line of the tag that made it.
  public var line: Int

  /// Creates a cue.
  public init(
    id: String, kind: Kind, startTime: Double, endTime: Double?, cueClass: String?,
    attributes: [HLSAttribute], line: Int
  ) {
    self.id = id
    self.kind = kind
    self.startTime = startTime
    self.endTime = endTime
    self.cueClass = cueClass
    self.attributes = attributes
    self.line = line
  }

  /// The value of an attribute, if the cue has it.
  public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// A media playlist: segments, ad markers as cues, and what tells VOD from live.
public struct HLSMediaPlaylist: Equatable, Sendable {
  /// The playlist's own URL.
  public var url: URL
  /// `#EXT-X-TARGETDURATION`, seconds.
  public var targetDuration: Double
  /// `#EXT-X-MEDIA-SEQUENCE` (0 when absent).
  public var mediaSequence: Int
  /// Whether `#EXT-X-ENDLIST` is present (VOD, or a live stream that ended).
  public var hasEndList: Bool
  /// `#EXT-X-PLAYLIST-TYPE` (`VOD`, `EVENT`), if given.
  public var playlistType: String?
  /// The segments, `startTime` counted from the first one.
  public var segments: [HLSSegment]
  /// The cues, ordered by start time, on the same time base as the segments.
  public var cues: [HLSCue]
  /// Times of `#EXT-X-CUE-IN` tags that had no span open in this playlist (the window starts
  /// after their `#EXT-X-CUE-OUT`): they close a span known from an earlier load.
  public var orphanCueIns: [Double]
  /// What was dropped while reading, each naming its line: an `#EXT-X-DATERANGE` that cannot be
  /// read (a bad attribute, no ID, no date to place it) is left out rather than failing the
  /// playlist, as players do with metadata they cannot use.
  public var warnings: [HLSParseError] = []
  /// `#EXT-X-START`, when given (one that cannot be read is a warning and left out).
  public var start: HLSStart?

  /// Whether it is live: no `#EXT-X-ENDLIST`.
  public var isLive: Bool { !hasEndList }
  /// The sum of the segment durations.
  public var duration: Double { segments.reduce(0) { $0 + $1.duration } }
}

extension HLSSegment {
  /// The URL of a segment's `uri` text, as `url` makes it: for those that keep the text alone
  /// and make the URL only when they need it.
  public static func url(ofURI uri: String) -> URL { HLSURLResolver.url(uri) }
}
