/// The element names the MPD builder acts on, recognised by their pointer interned in libxml2's
/// dictionary (`InternedNames`): no `String` and no byte comparison per element (`adhost-bench
/// mpd`: a `String` per element was a large share of the read).
enum MPDName: String, CaseIterable {
  case mpd = "MPD"
  case period = "Period"
  case location = "Location"
  case eventStream = "EventStream"
  case event = "Event"
  case adaptationSet = "AdaptationSet"
  case representation = "Representation"
  case baseURL = "BaseURL"
  case segmentTemplate = "SegmentTemplate"
  case segmentBase = "SegmentBase"
  case segmentList = "SegmentList"
  case segmentTimeline = "SegmentTimeline"
  case s = "S"
  case initialization = "Initialization"
  case segmentURL = "SegmentURL"
  case inbandEventStream = "InbandEventStream"
  case spliceInfoSection = "SpliceInfoSection"
  case spliceInsert = "SpliceInsert"
  case timeSignal = "TimeSignal"
  case spliceTime = "SpliceTime"
  case breakDuration = "BreakDuration"
  case segmentationDescriptor = "SegmentationDescriptor"
  case binary = "Binary"
  case replacePresentation = "ReplacePresentation"
  case insertPresentation = "InsertPresentation"
  case requestParam = "RequestParam"
  /// A name the builder passes over.
  case other = ""

  /// The slot of a name that paths number (`Period[2]`), counted per parent; nil for the others.
  var indexSlot: Int? {
    switch self {
    case .period: 0
    case .eventStream: 1
    case .event: 2
    case .adaptationSet: 3
    case .representation: 4
    case .s: 5
    case .segmentURL: 6
    default: nil
    }
  }
}
