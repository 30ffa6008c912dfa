/// What `adhost media write` writes: a stream's format, length, in-band ad signals and payload,
/// read from a JSON spec (`MediaSpec.read`, docs/media.md "Writing streams"). Times are seconds
/// of content time, 0 being the first frame; `start` is that frame's media time.
public struct MediaSpec: Sendable, Equatable {
  /// The stream's container and manifest.
  public enum Format: String, Sendable, CaseIterable {
    case hlsTS = "hls-ts"
    case hlsCMAF = "hls-cmaf"
    case hlsPackedAudio = "hls-packed-audio"
    case dash

    /// Whether the segments are fMP4 (CMAF), whose signals are `emsg` boxes.
    public var isCMAF: Bool { self == .hlsCMAF || self == .dash }
    /// Whether the manifest is an HLS playlist.
    public var isHLS: Bool { self != .dash }
  }

  /// One frame of an ID3 tag.
  public enum ID3FrameSpec: Sendable, Equatable {
    /// `TXXX`: a description and a text.
    case userText(description: String, text: String)
    /// `PRIV`: an owner and bytes.
    case priv(owner: String, data: [UInt8])
    /// A text frame (`T…`, or Yospace's `Y…`) of `id`.
    case text(id: String, text: String)
  }

  /// An ID3 tag at `time`.
  public struct TimedID3: Sendable, Equatable {
    public var time: Double
    public var frames: [ID3FrameSpec]
    /// The tag's ID3v2 major version: 4 (UTF-8 text) or 3 (ISO-8859-1 text).
    public var version: UInt8 = 4
    /// Its `emsg` box in CMAF; nil: the defaults (`EmsgCarriage()`).
    public var emsg: EmsgCarriage?
  }

  /// An `emsg` box at `time` (CMAF).
  public struct EventMessage: Sendable, Equatable {
    public var time: Double
    public var duration: Double?
    public var scheme: String
    public var value: String
    public var id: UInt32
    public var data: [UInt8]
    public var version: UInt8
    /// Ticks per second of the box's times.
    public var timescale: UInt32
  }

  /// An SCTE-35 splice at `time`.
  public struct Splice: Sendable, Equatable {
    public enum Command: String, Sendable {
      case spliceInsert = "splice_insert"
      case timeSignal = "time_signal"
    }
    public var time: Double
    public var command: Command
    public var eventId: UInt32
    public var duration: Double?
    /// Out of the network (a break starts) or back in.
    public var out: Bool
    /// Its `emsg` box in CMAF; nil: the defaults (`EmsgCarriage()`).
    public var emsg: EmsgCarriage?
  }

  /// An `EXT-X-DATERANGE` (HLS) at `time`.
  public struct DateRange: Sendable, Equatable {
    public var id: String
    public var time: Double
    public var duration: Double?
    public var className: String?
    /// `SCTE35-OUT` (true) or `SCTE35-IN` (false) with a `splice_insert`, when given.
    public var scte35Out: Bool?
    public var eventId: UInt32
  }

  /// What the segments carry besides the signals.
  public enum Payload: Sendable, Equatable {
    /// Blank H.264 video and silent AAC audio, written without an encoder.
    case placeholder
    /// A file of H.264 and AAC in MPEG-TS, cut at the segment boundaries.
    case clip(String)
  }

  /// A live stream: `window` segments in each playlist or MPD.
  public struct Live: Sendable, Equatable {
    public var window: Int
  }

  public var format: Format
  public var duration: Double
  public var segmentDuration: Double
  /// The media time of the first frame, in seconds (0 unless given).
  public var start: Double = 0
  public var id3: [TimedID3] = []
  public var emsg: [EventMessage] = []
  public var scte35: [Splice] = []
  public var dateranges: [DateRange] = []
  public var payload: Payload = .placeholder
  public var live: Live?

  /// A spec of `format` with no signals.
  public init(format: Format, duration: Double, segmentDuration: Double) {
    self.format = format
    self.duration = duration
    self.segmentDuration = segmentDuration
  }
}
