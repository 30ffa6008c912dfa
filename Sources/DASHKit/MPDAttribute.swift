import CLibXML2

/// The attribute names the MPD builder reads (on any element: `duration` is a Period's, an
/// Event's, a SegmentTemplate's and a BreakDuration's).
enum MPDAttribute: Int, CaseIterable {
  // MPD.
  case type, availabilityStartTime, publishTime, mediaPresentationDuration, minimumUpdatePeriod
  case timeShiftBufferDepth, suggestedPresentationDelay
  // Period, EventStream, Event, AdaptationSet, Representation, InbandEventStream.
  case id, start, duration, schemeIdUri, value, timescale, presentationTimeOffset, presentationTime
  case messageData, contentType, mimeType, bandwidth
  // Segment information.
  case media, initialization, startNumber, indexRange, t, d, r, sourceURL, range, mediaRange
  // SCTE-35 as XML.
  case ptsAdjustment, spliceEventId, spliceEventCancelIndicator, outOfNetworkIndicator
  case spliceImmediateFlag, uniqueProgramId, availNum, availsExpected, ptsTime, autoReturn
  case segmentationEventId, segmentationEventCancelIndicator, segmentationTypeId
  case segmentationDuration, segmentNum, segmentsExpected
  // Alternative-MPD events (ISO/IEC 23009-1 6th edition §5.16, Annex I).
  case uri, url, maxDuration, executeOnce, useMPDUrlQuery

  /// The name as written in the MPD.
  var name: StaticString {
    switch self {
    case .type: "type"
    case .availabilityStartTime: "availabilityStartTime"
    case .publishTime: "publishTime"
    case .mediaPresentationDuration: "mediaPresentationDuration"
    case .minimumUpdatePeriod: "minimumUpdatePeriod"
    case .timeShiftBufferDepth: "timeShiftBufferDepth"
    case .suggestedPresentationDelay: "suggestedPresentationDelay"
    case .id: "id"
    case .start: "start"
    case .duration: "duration"
    case .schemeIdUri: "schemeIdUri"
    case .value: "value"
    case .timescale: "timescale"
    case .presentationTimeOffset: "presentationTimeOffset"
    case .presentationTime: "presentationTime"
    case .messageData: "messageData"
    case .contentType: "contentType"
    case .mimeType: "mimeType"
    case .bandwidth: "bandwidth"
    case .media: "media"
    case .initialization: "initialization"
    case .startNumber: "startNumber"
    case .indexRange: "indexRange"
    case .t: "t"
    case .d: "d"
    case .r: "r"
    case .sourceURL: "sourceURL"
    case .range: "range"
    case .mediaRange: "mediaRange"
    case .ptsAdjustment: "ptsAdjustment"
    case .spliceEventId: "spliceEventId"
    case .spliceEventCancelIndicator: "spliceEventCancelIndicator"
    case .outOfNetworkIndicator: "outOfNetworkIndicator"
    case .spliceImmediateFlag: "spliceImmediateFlag"
    case .uniqueProgramId: "uniqueProgramId"
    case .availNum: "availNum"
    case .availsExpected: "availsExpected"
    case .ptsTime: "ptsTime"
    case .autoReturn: "autoReturn"
    case .segmentationEventId: "segmentationEventId"
    case .segmentationEventCancelIndicator: "segmentationEventCancelIndicator"
    case .segmentationTypeId: "segmentationTypeId"
    case .segmentationDuration: "segmentationDuration"
    case .segmentNum: "segmentNum"
    case .segmentsExpected: "segmentsExpected"
    case .uri: "uri"
    case .url: "url"
    case .maxDuration: "maxDuration"
    case .executeOnce: "executeOnce"
    case .useMPDUrlQuery: "useMPDUrlQuery"
    }
  }
}

/// The attributes of the start tag being read, found by their names' pointers interned in the
/// parser's dictionary (libxml2 interns every attribute name it reads there, so equal names are
/// the same pointer): no byte comparison per lookup.
///
/// The values point into libxml2's input, which stopping the parser frees: `forget()` when it
/// is stopped, and never keep one past the start tag.
struct MPDStartTag {
  /// Each `MPDAttribute`'s name interned in the document's dictionary, by its raw value.
  private let interned: [UnsafePointer<xmlChar>?]
  /// libxml2's array: five pointers per attribute (local name, prefix, URI, value start, value
  /// end); nil between start tags and after the parser stopped.
  private var attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  private var count = 0

  /// The names interned in `dictionary`; nil when libxml2 could not intern one.
  init?(dictionary: OpaquePointer?) {
    var interned: [UnsafePointer<xmlChar>?] = []
    interned.reserveCapacity(MPDAttribute.allCases.count)
    for attribute in MPDAttribute.allCases {
      let name = attribute.name
      guard dictionary != nil,
        let pointer = name.withUTF8Buffer({ bytes in
          bytes.withMemoryRebound(to: xmlChar.self) {
            xmlDictLookup(dictionary, $0.baseAddress, Int32(truncatingIfNeeded: $0.count))
          }
        })
      else { return nil }
      interned.append(pointer)
    }
    self.interned = interned
  }

  /// Reads the start tag of `count` attributes in libxml2's `attributes` array.
  @inline(__always)
  mutating func begin(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int32) {
    self.attributes = attributes
    self.count = attributes == nil ? 0 : max(0, Int(truncatingIfNeeded: count))
  }

  /// Forgets the attributes (the start tag is over, or the parser stopped and freed them).
  @inline(__always)
  mutating func forget() {
    attributes = nil
    count = 0
  }

  /// The value of attribute `name` as bytes (the last one so named, whatever its prefix), or nil.
  @inline(__always)
  func bytes(_ name: MPDAttribute) -> UnsafeBufferPointer<UInt8>? {
    guard let attributes, let key = interned[name.rawValue] else { return nil }
    var index = count
    while index > 0 {
      index -= 1
      let base = attributes + index * 5
      if base[0] == key, let start = base[3], let end = base[4] {
        return UnsafeBufferPointer(start: start, count: end - start)
      }
    }
    return nil
  }

  /// The value of attribute `name`, or nil.
  @inline(__always)
  func string(_ name: MPDAttribute) -> String? {
    bytes(name).map { String(decoding: $0, as: UTF8.self) }
  }
}
