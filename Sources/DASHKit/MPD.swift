import SCTE35Kit

/// A DASH Media Presentation Description, as far as ad tracking needs it: the presentation's
/// type and clock, its Periods with their `EventStream`s, and what locates their segments
/// (`BaseURL`s, adaptation sets, Representations, segment information: `DASHSegmentList` lists
/// them). Times are seconds; dates are seconds since 1970-01-01T00:00:00Z.
public struct MPD: Equatable, Sendable {
  /// `MPD@type`.
  public enum PresentationType: String, Equatable, Sendable {
    /// On demand: the whole presentation is available (`static`, the default).
    case onDemand = "static"
    /// Live: Periods become available over time and the MPD is reloaded (`dynamic`).
    case live = "dynamic"
  }

  /// `MPD@type`; `static` when absent.
  public var type: PresentationType = .onDemand
  /// `MPD@availabilityStartTime` (required for `dynamic`): the wall-clock date of presentation
  /// time 0.
  public var availabilityStartTime: Double?
  /// `MPD@publishTime`.
  public var publishTime: Double?
  /// `MPD@mediaPresentationDuration`.
  public var mediaPresentationDuration: Double?
  /// `MPD@minimumUpdatePeriod`: reload the MPD at least this often (`dynamic`).
  public var minimumUpdatePeriod: Double?
  /// `MPD@timeShiftBufferDepth`: how far behind the live edge media stays available.
  public var timeShiftBufferDepth: Double?
  /// `MPD@suggestedPresentationDelay`.
  public var suggestedPresentationDelay: Double?
  /// `MPD/Location`: where to reload the MPD from, when given.
  public var location: String?
  /// The MPD's first `BaseURL`, as written.
  public var baseURL: String?
  /// The Periods in document order, each placed on the presentation timeline.
  public var periods: [MPDPeriod] = []
  /// What was read past (an early available Period, an unreadable SCTE-35 message), with the line.
  public var issues: [String] = []

  /// An MPD with no Periods.
  public init() {}

  /// Where the presentation ends: `mediaPresentationDuration`, else the end of the last Period
  /// when it is known; `nil` for an open-ended live presentation.
  public var end: Double? {
    if let mediaPresentationDuration { return mediaPresentationDuration }
    return periods.last?.end
  }
}

/// One `Period`, placed on the presentation timeline (seconds from presentation time 0; for a
/// `dynamic` MPD, from `availabilityStartTime`).
public struct MPDPeriod: Equatable, Sendable {
  /// `Period@id`, if given.
  public var id: String?
  /// Where it starts: `Period@start`, else derived (the previous Period's start plus its
  /// `duration`; 0 for the first Period of a `static` MPD).
  public var start: Double
  /// `Period@duration`, if given.
  public var duration: Double?
  /// Where it ends: its start plus `duration`, else the next Period's start, else the end of a
  /// `static` presentation; `nil` for the last Period of a live presentation without one.
  public var end: Double?
  /// Whether `Period@start` was given (else `start` was derived).
  public var startDeclared: Bool
  /// Its `EventStream`s in document order.
  public var eventStreams: [MPDEventStream] = []
  /// Its first `BaseURL`, as written.
  public var baseURL: String?
  /// Its `SegmentTemplate`, `SegmentBase` or `SegmentList`, which its adaptation sets inherit.
  public var segmentInfo: MPDSegmentInfo?
  /// Its adaptation sets in document order.
  public var adaptationSets: [MPDAdaptationSet] = []
  /// The line of its `<Period>` tag.
  public var line: Int

  /// A Period starting at `start`.
  public init(id: String?, start: Double, duration: Double?, startDeclared: Bool, line: Int) {
    self.id = id
    self.start = start
    self.duration = duration
    self.startDeclared = startDeclared
    self.line = line
  }
}

/// One `EventStream` of a Period.
public struct MPDEventStream: Equatable, Sendable {
  /// `@schemeIdUri`, e.g. `urn:scte:scte35:2013:xml`.
  public var schemeIdUri: String
  /// `@value`, if given.
  public var value: String?
  /// `@timescale` (ticks per second; default 1).
  public var timescale: UInt64 = 1
  /// `@presentationTimeOffset` in ticks (default 0).
  public var presentationTimeOffset: UInt64 = 0
  /// Its events in document order.
  public var events: [MPDEvent] = []
  /// A `RequestParam` with `useMPDUrlQuery="true"` (Annex I): the query parameters of the MPD's
  /// URL are copied onto the requests its Alternative-MPD events make.
  public var copiesMPDQuery = false

  /// An event stream with no events.
  public init(schemeIdUri: String) { self.schemeIdUri = schemeIdUri }

  /// Whether the scheme carries SCTE-35 (`urn:scte:scte35:2013:xml` or `…:2014:xml+bin`).
  public var isSCTE35: Bool { SCTE35Scheme(rawValue: schemeIdUri) != nil }
}

/// The `EventStream@schemeIdUri`s whose events carry SCTE-35.
public enum SCTE35Scheme: String, Sendable {
  /// SCTE 35 as XML elements (`SpliceInfoSection`, `SpliceInsert`, `TimeSignal`).
  case xml = "urn:scte:scte35:2013:xml"
  /// SCTE 35 as a base64 binary `splice_info_section` in `Signal/Binary`.
  case xmlBinary = "urn:scte:scte35:2014:xml+bin"
}

/// One `Event` of an `EventStream`.
public struct MPDEvent: Equatable, Sendable {
  /// `@id`, if given.
  public var id: String?
  /// `@presentationTime` in the stream's ticks (default 0).
  public var presentationTime: UInt64 = 0
  /// `@duration` in ticks, if given.
  public var duration: UInt64?
  /// Where it starts on the presentation timeline: the Period's start plus
  /// (`presentationTime` − `presentationTimeOffset`) / `timescale`.
  public var time: Double = 0
  /// `duration` / `timescale`, if given.
  public var seconds: Double?
  /// `@messageData`, else its text when it has no SCTE-35 child.
  public var messageData: String?
  /// The SCTE-35 message it carries, if its scheme is SCTE-35 and it could be read.
  public var scte35: SCTE35Signal?
  /// Its `ReplacePresentation` or `InsertPresentation`, if it has one.
  public var alternativeMPD: MPDAlternativeMPD?
  /// The line of its `<Event>` tag.
  public var line: Int

  /// An event at the given line.
  public init(line: Int) { self.line = line }
}
