import Foundation

/// One media segment of a Representation in a Period.
public struct DASHSegment: Equatable, Sendable {
  /// Its URL, resolved.
  public var url: URL
  /// Only these bytes of `url` are the segment (`SegmentURL@mediaRange`).
  public var byteRange: MPDByteRange?
  /// Its number (`$Number$`: `startNumber` plus its position).
  public var number: UInt64
  /// Its earliest presentation time in media ticks (`$Time$`).
  public var mediaTime: UInt64
  /// Where it starts on the presentation timeline, in seconds: the Period's start plus
  /// (`mediaTime` − `presentationTimeOffset`) / `timescale`.
  public var start: Double
  /// Its duration in seconds, as the MPD gives it (the last one cut at the Period's end).
  public var duration: Double

  /// Where it ends on the presentation timeline.
  public var end: Double { start + duration }
}

/// A byte range as DASH writes it: `first-last`, both included.
public struct MPDByteRange: Equatable, Sendable {
  /// The first byte.
  public var first: UInt64
  /// The last byte (included).
  public var last: UInt64

  /// `first-last`, or nil when the text is not such a range.
  public init?(_ text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = DecimalText.unsigned(String(parts[0])),
      let last = DecimalText.unsigned(String(parts[1])), first <= last, last < 1 << 40
    else { return nil }
    self.first = first
    self.last = last
  }
}

/// An initialization segment: `url`, or the bytes `byteRange` of it.
public struct DASHInitSegment: Equatable, Sendable {
  /// Its URL, resolved.
  public var url: URL
  /// Its bytes in `url`, when only a range of it.
  public var byteRange: MPDByteRange?
}

/// The segments of one Representation in one Period, and how their media time maps to the
/// presentation timeline.
public struct DASHTrack: Equatable, Sendable {
  /// The Representation.
  public var representation: MPDRepresentation
  /// Where its segments are described: a `SegmentTemplate`, a `SegmentBase` (also a Representation
  /// with none: its `BaseURL` is its one segment) or a `SegmentList`.
  public var kind: MPDSegmentInfo.Kind
  /// Its initialization segment, if any.
  public var initialization: DASHInitSegment?
  /// Its media segments, by start.
  public var segments: [DASHSegment]
  /// Ticks per second of its media times.
  public var timescale: UInt64
  /// `@presentationTimeOffset` in ticks: the media time at the Period's start.
  public var presentationTimeOffset: UInt64
  /// Presentation time minus media time, in seconds: the Period's start −
  /// `presentationTimeOffset` / `timescale` (Shaka's `timestampOffset`).
  public var timestampOffset: Double
  /// The `InbandEventStream`s its adaptation set and it declare.
  public var inbandEventStreams: [MPDInbandEventStream]
}
