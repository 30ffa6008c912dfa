import CLibXML2
import Foundation

/// The element names the MPD builder acts on, recognised from libxml2's bytes without making a
/// `String` per element (`adhost-bench mpd`: one per element was a large share of the read).
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

  /// The names by their length in bytes, as UTF-8.
  private static let byLength: [[(MPDName, [UInt8])]] = {
    var table = [[(MPDName, [UInt8])]](repeating: [], count: 32)
    for name in allCases where name != .other {
      table[name.rawValue.utf8.count].append((name, Array(name.rawValue.utf8)))
    }
    return table
  }()

  /// The name of a NUL-terminated element name from libxml2.
  init(_ bytes: UnsafePointer<xmlChar>?) {
    self = .other
    guard let bytes else { return }
    let length = strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
    guard length < Self.byLength.count else { return }
    for (name, utf8) in Self.byLength[length] where memcmp(bytes, utf8, length) == 0 {
      self = name
      return
    }
  }
}
