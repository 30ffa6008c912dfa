/// An SCTE-35 `splice_info_section`, as far as ad tracking needs it, read from the XML elements
/// (`urn:scte:scte35:2013:xml`) or decoded from the binary (`urn:scte:scte35:2014:xml+bin`).
/// PTS values are 90 kHz ticks (33 bits).
public struct SCTE35Signal: Equatable, Sendable {
  /// The splice command.
  public enum Command: String, Equatable, Sendable {
    /// `splice_insert` (0x05): an out (into an ad) or in point.
    case spliceInsert = "splice_insert"
    /// `time_signal` (0x06): a time, with its meaning in segmentation descriptors.
    case timeSignal = "time_signal"
  }

  /// The splice command.
  public var command: Command
  /// `pts_adjustment` (ticks, added to every PTS).
  public var ptsAdjustment: UInt64 = 0
  /// `splice_time.pts_time` (ticks), when a time was specified.
  public var ptsTime: UInt64?
  /// `splice_event_id` of a `splice_insert`.
  public var spliceEventId: UInt32?
  /// `splice_event_cancel_indicator` of a `splice_insert`.
  public var cancel = false
  /// `out_of_network_indicator` of a `splice_insert`: true at the start of a break.
  public var outOfNetwork: Bool?
  /// `splice_immediate_flag` of a `splice_insert`.
  public var immediate = false
  /// `break_duration.duration` (ticks) of a `splice_insert`.
  public var breakDuration: UInt64?
  /// `break_duration.auto_return`.
  public var autoReturn: Bool?
  /// `unique_program_id`, `avail_num`, `avails_expected` of a `splice_insert`.
  public var uniqueProgramId: UInt16?
  public var availNum: UInt8?
  public var availsExpected: UInt8?
  /// The segmentation descriptors, in order.
  public var segmentations: [SCTE35Segmentation] = []

  /// A signal of the given command.
  public init(command: Command) { self.command = command }

  /// PTS ticks per second.
  public static let ticksPerSecond = 90_000.0

  /// `breakDuration` in seconds.
  public var breakDurationSeconds: Double? { breakDuration.map { Double($0) / Self.ticksPerSecond } }
}

/// One `segmentation_descriptor`.
public struct SCTE35Segmentation: Equatable, Sendable {
  /// `segmentation_event_id`.
  public var eventId: UInt32
  /// `segmentation_event_cancel_indicator`.
  public var cancel = false
  /// `segmentation_type_id` (0x30/0x34/0x36 provider/placement/distributor ad starts, …).
  public var typeId: UInt8?
  /// `segmentation_duration` (90 kHz ticks), if given.
  public var duration: UInt64?
  /// `segment_num`, `segments_expected`.
  public var segmentNum: UInt8?
  public var segmentsExpected: UInt8?

  /// A descriptor with an event id.
  public init(eventId: UInt32) { self.eventId = eventId }

  /// `duration` in seconds.
  public var seconds: Double? { duration.map { Double($0) / SCTE35Signal.ticksPerSecond } }
}
