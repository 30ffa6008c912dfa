import SCTE35Kit

/// One item of timed metadata read from a segment, at its media time. The player makes one cue of
/// each: an ID3 frame (kind `"id3"`), an `emsg` box (kind `"emsg"`) or an SCTE-35 section (kind
/// `"scte35"`).
public struct TimedMetadata: Equatable, Sendable {
  /// What the item carries.
  public enum Payload: Equatable, Sendable {
    /// One frame of a timed ID3 tag (MPEG-TS stream type 0x15, or packed audio's leading tags).
    case id3(ID3Frame)
    /// One `emsg` box, with its message decoded when its scheme is ID3 or SCTE-35.
    case emsg(EventMessage)
    /// One SCTE-35 `splice_info_section` (MPEG-TS stream type 0x86), `pts_adjustment` applied.
    case scte35(SCTE35Signal)
  }

  /// The item's media time in seconds: a TS item's 90 kHz PTS (unwrapped, see `TSTimestamps`);
  /// an `emsg`'s presentation time on its track's timeline.
  public var time: Double
  /// How long the event lasts in seconds, when the container says (`emsg`, SCTE-35 break durations).
  public var duration: Double?
  /// What the item carries.
  public var payload: Payload

  /// An item at `time`.
  public init(time: Double, duration: Double? = nil, payload: Payload) {
    self.time = time
    self.duration = duration
    self.payload = payload
  }
}

/// An `emsg` box (ISO/IEC 23009-1 §5.10.3.3), version 0 or 1.
public struct EventMessage: Equatable, Sendable {
  /// What `messageData` holds, decoded, for the schemes adhost knows.
  public enum Decoded: Equatable, Sendable {
    /// `https://aomedia.org/emsg/ID3`: an ID3 tag.
    case id3(ID3Tag)
    /// `urn:scte:scte35:2013:bin`: a binary `splice_info_section`.
    case scte35(SCTE35Signal)
  }

  /// The box's version (0: time relative to the segment; 1: absolute).
  public var version: UInt8
  /// `scheme_id_uri`.
  public var schemeIdUri: String
  /// `value`.
  public var value: String
  /// `timescale` (ticks per second of the times below).
  public var timescale: UInt32
  /// Version 0's `presentation_time_delta` or version 1's `presentation_time`, in ticks.
  public var presentationTime: UInt64
  /// `event_duration` in ticks (0xFFFFFFFF: unknown).
  public var eventDuration: UInt32
  /// `id`.
  public var id: UInt32
  /// `message_data`.
  public var messageData: [UInt8]
  /// The message decoded, for the ID3 and SCTE-35 schemes.
  public var decoded: Decoded?

  /// A message with these fields.
  public init(
    version: UInt8, schemeIdUri: String, value: String, timescale: UInt32, presentationTime: UInt64,
    eventDuration: UInt32, id: UInt32, messageData: [UInt8], decoded: Decoded? = nil
  ) {
    self.version = version
    self.schemeIdUri = schemeIdUri
    self.value = value
    self.timescale = timescale
    self.presentationTime = presentationTime
    self.eventDuration = eventDuration
    self.id = id
    self.messageData = messageData
    self.decoded = decoded
  }

  /// The most bytes of `message_data` a box may carry (1 MiB, as a timed-ID3 PES): a larger one
  /// is an issue of the scan, not an item.
  public static let maxMessageBytes = 1 << 20

  /// The ID3 scheme of CMAF (AOM "Carriage of ID3 Timed Metadata in CMAF").
  public static let id3Scheme = "https://aomedia.org/emsg/ID3"
  /// SCTE 214's binary SCTE-35 scheme.
  public static let scte35Scheme = "urn:scte:scte35:2013:bin"
}

/// The PES timestamps of one elementary stream of a TS segment, or the time span of one track
/// of an fMP4 segment, in seconds of media time.
public struct StreamTimes: Equatable, Sendable {
  /// The TS PID, or the fMP4 track id.
  public var id: UInt32
  /// The TS `stream_type`, or 0 for an fMP4 track.
  public var streamType: UInt8
  /// The first timestamp (TS: the first PES's PTS; fMP4: `tfdt`).
  public var first: Double
  /// The last timestamp (TS: the last PES's PTS; fMP4: the end of the last sample).
  public var last: Double

  /// The times of stream or track `id`.
  public init(id: UInt32, streamType: UInt8, first: Double, last: Double) {
    self.id = id
    self.streamType = streamType
    self.first = first
    self.last = last
  }
}

/// What a segment holds for adhost: its timed metadata and its streams' times.
public struct MediaScan: Equatable, Sendable {
  /// The container that was read.
  public enum Container: String, Equatable, Sendable {
    case mpegTS = "mpeg-ts"
    case fmp4 = "fmp4"
    case packedAudio = "packed-audio"
  }

  /// The container that was read.
  public var container: Container
  /// The timed metadata, in the order found.
  public var items: [TimedMetadata] = []
  /// Per elementary stream (TS) or track (fMP4), in order of id.
  public var streams: [StreamTimes] = []
  /// Things read past but worth saying (a packet out of sync, a section that could not be
  /// decoded, a PTS that jumps), each naming where.
  public var issues: [MediaError] = []

  /// The media duration: the longest stream's span (TS: first to last PES timestamp, which
  /// leaves out the last frame's duration; fMP4: `tfdt` to the end of the last sample).
  public var duration: Double { streams.map { $0.last - $0.first }.max() ?? 0 }

  /// A scan of `container`, empty.
  public init(container: Container) { self.container = container }

  /// Keeps the first `TSReader.maxIssues` issues, and one more (at `end`, the segment's size)
  /// saying how many were left out.
  mutating func boundIssues(end: Int) {
    guard issues.count > TSReader.maxIssues else { return }
    let more = issues.count - TSReader.maxIssues
    issues.removeLast(more)
    issues.append(MediaError(at: end, "\(more) more issues were not kept"))
  }
}
