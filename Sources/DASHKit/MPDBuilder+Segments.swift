import Foundation

/// What locates a Period's segments: `AdaptationSet`, `Representation`, `BaseURL`,
/// `SegmentTemplate` / `SegmentBase` / `SegmentList` (with `SegmentTimeline`, `Initialization`,
/// `SegmentURL`) and `InbandEventStream`, each read only where ISO/IEC 23009-1 puts it.
struct SegmentReading {
  /// Where an element read belongs.
  enum Owner: Equatable {
    case mpd, period, adaptationSet, representation
  }

  var adaptationSetOpen = false
  var representationOpen = false
  /// The segment information being read, whose it is, and the depth of its element.
  var info: MPDSegmentInfo?
  var infoOwner = Owner.period
  var infoDepth = 0
  var timelineOpen = false
  /// The `BaseURL` being read and whose it is.
  var baseURLOwner: Owner?
  /// `S` and `SegmentURL` elements read so far in the MPD.
  var entries = 0

  /// Whether text is being collected (a `BaseURL`).
  var collectsText: Bool { baseURLOwner != nil }
}

extension MPDBuilder {
  /// The most `S` and `SegmentURL` elements one MPD may hold.
  static let maxSegmentEntries = 100_000

  mutating func segmentStart(_ name: MPDName, parent: MPDName?) {
    let depth = depth
    switch name {
    case .adaptationSet where parent == .period && depth == 3 && !periods.isEmpty:
      var set = MPDAdaptationSet(line: line)
      set.id = attribute(.id)
      set.contentType = attribute(.contentType)
      set.mimeType = attribute(.mimeType)
      periods[periods.count - 1].adaptationSets.append(set)
      segmentReading.adaptationSetOpen = true
    case .representation where parent == .adaptationSet && depth == 4 && segmentReading.adaptationSetOpen:
      var representation = MPDRepresentation(line: line, path: path)
      representation.id = attribute(.id)
      representation.bandwidth = integerAttribute(.bandwidth)
      representation.mimeType = attribute(.mimeType)
      editAdaptationSet { $0.representations.append(representation) }
      segmentReading.representationOpen = true
    case .baseURL:
      guard let owner = owner(parent, depth: depth - 1), baseURL(of: owner) == nil else { return }
      segmentReading.baseURLOwner = owner
      text = ""
    case .segmentTemplate, .segmentBase, .segmentList:
      guard segmentReading.info == nil, let owner = owner(parent, depth: depth - 1), owner != .mpd,
        let kind = MPDSegmentInfo.Kind(rawValue: name.rawValue)
      else { return }
      startSegmentInfo(kind, owner: owner, depth: depth)
    case .segmentTimeline
    where segmentReading.info.map({ $0.kind != .base }) == true
      && depth == segmentReading.infoDepth + 1:
      segmentReading.info?.timeline = []
      segmentReading.timelineOpen = true
    case .s where segmentReading.timelineOpen && depth == segmentReading.infoDepth + 2:
      timelineEntry()
    case .initialization where segmentReading.info != nil && depth == segmentReading.infoDepth + 1:
      let (sourceURL, range) = (attribute(.sourceURL), attribute(.range))
      segmentReading.info?.initialization = sourceURL
      segmentReading.info?.initializationRange = range
    case .segmentURL where segmentReading.info?.kind == .list && depth == segmentReading.infoDepth + 1:
      guard countEntry() else { return }
      let entry = MPDSegmentURL(media: attribute(.media), mediaRange: attribute(.mediaRange), line: line)
      segmentReading.info?.segmentURLs.append(entry)
    case .inbandEventStream:
      guard let owner = owner(parent, depth: depth - 1), owner == .adaptationSet || owner == .representation
      else { return }
      guard let uri = attribute(.schemeIdUri).map(MPDText.trimmingSpaces), !uri.isEmpty else {
        return fail("\(path): expected a schemeIdUri attribute")
      }
      let stream = MPDInbandEventStream(schemeIdUri: uri, value: attribute(.value))
      if owner == .adaptationSet {
        editAdaptationSet { $0.inbandEventStreams.append(stream) }
      } else {
        editRepresentation { $0.inbandEventStreams.append(stream) }
      }
    default: break
    }
  }

  mutating func segmentEnd(_ name: MPDName) {
    let depth = depth
    switch name {
    case .baseURL where segmentReading.baseURLOwner != nil:
      let owner = segmentReading.baseURLOwner ?? .mpd
      segmentReading.baseURLOwner = nil
      let url = MPDText.trimmingSpacesAndNewlines(takeText())
      guard !url.isEmpty else { return }
      switch owner {
      case .mpd: mpd.baseURL = url
      case .period: periods[periods.count - 1].baseURL = url
      case .adaptationSet: editAdaptationSet { $0.baseURL = url }
      case .representation: editRepresentation { $0.baseURL = url }
      }
    case .segmentTemplate, .segmentBase, .segmentList:
      guard depth == segmentReading.infoDepth, let info = segmentReading.info else { return }
      segmentReading.info = nil
      segmentReading.timelineOpen = false
      switch segmentReading.infoOwner {
      case .mpd: break
      case .period: periods[periods.count - 1].segmentInfo = info
      case .adaptationSet: editAdaptationSet { $0.segmentInfo = info }
      case .representation: editRepresentation { $0.segmentInfo = info }
      }
    case .segmentTimeline: segmentReading.timelineOpen = false
    case .representation where depth == 4: segmentReading.representationOpen = false
    case .adaptationSet where depth == 3: segmentReading.adaptationSetOpen = false
    default: break
    }
  }

  /// Who an element whose parent is `parent` (at `depth`) belongs to, when it is one read.
  @inline(__always)
  private func owner(_ parent: MPDName?, depth: Int) -> SegmentReading.Owner? {
    switch (parent, depth) {
    case (.mpd, 1): return .mpd
    case (.period, 2) where !periods.isEmpty: return .period
    case (.adaptationSet, 3) where segmentReading.adaptationSetOpen: return .adaptationSet
    case (.representation, 4) where segmentReading.representationOpen: return .representation
    default: return nil
    }
  }

  @inline(__always)
  private func baseURL(of owner: SegmentReading.Owner) -> String? {
    switch owner {
    case .mpd: return mpd.baseURL
    case .period: return periods.last?.baseURL
    case .adaptationSet: return periods.last?.adaptationSets.last?.baseURL
    case .representation: return periods.last?.adaptationSets.last?.representations.last?.baseURL
    }
  }

  private mutating func startSegmentInfo(_ kind: MPDSegmentInfo.Kind, owner: SegmentReading.Owner, depth: Int)
  {
    var info = MPDSegmentInfo(kind: kind, line: line)
    info.media = attribute(.media)
    info.initialization = attribute(.initialization)
    info.startNumber = integerAttribute(.startNumber)
    info.timescale = integerAttribute(.timescale)
    if info.timescale == 0 { return failAttribute(.timescale, "a whole number above 0") }
    info.duration = integerAttribute(.duration)
    if info.duration == 0 { return failAttribute(.duration, "a whole number of ticks above 0") }
    info.presentationTimeOffset = integerAttribute(.presentationTimeOffset)
    info.indexRange = attribute(.indexRange)
    guard failure == nil else { return }
    segmentReading.info = info
    segmentReading.infoOwner = owner
    segmentReading.infoDepth = depth
  }

  private mutating func timelineEntry() {
    guard countEntry() else { return }
    let time = integerAttribute(.t)
    guard let duration = integerAttribute(.d), duration > 0 else {
      return failAttribute(.d, "a whole number of ticks above 0")
    }
    var repeatCount: Int64 = 0
    if let bytes = attributeBytes(.r) {
      if let count = DecimalText.bareUnsigned(bytes) {
        guard count <= UInt64(truncatingIfNeeded: Self.maxSegmentEntries) else {
          return failAttribute(.r, "-1 or a whole number from 0 to \(Self.maxSegmentEntries)")
        }
        repeatCount = Int64(truncatingIfNeeded: count)
      } else if MPDText.trimmingSpaces(String(decoding: bytes, as: UTF8.self)) == "-1" {
        repeatCount = -1
      } else if let count = DecimalText.unsigned(String(decoding: bytes, as: UTF8.self)),
        count <= UInt64(truncatingIfNeeded: Self.maxSegmentEntries)
      {
        repeatCount = Int64(truncatingIfNeeded: count)
      } else {
        return failAttribute(.r, "-1 or a whole number from 0 to \(Self.maxSegmentEntries)")
      }
    }
    guard failure == nil else { return }
    let entry = MPDTimelineEntry(time: time, duration: duration, repeatCount: repeatCount, line: line)
    segmentReading.info?.timeline?.append(entry)
  }

  /// Counts an `S` or `SegmentURL`; false (and the MPD refused) past the cap.
  private mutating func countEntry() -> Bool {
    segmentReading.entries += 1
    guard segmentReading.entries <= Self.maxSegmentEntries else {
      fail("\(path): more than \(Self.maxSegmentEntries) S and SegmentURL elements in the MPD")
      return false
    }
    return true
  }

  private mutating func editAdaptationSet(_ edit: (inout MPDAdaptationSet) -> Void) {
    guard !periods.isEmpty, !periods[periods.count - 1].adaptationSets.isEmpty else { return }
    let period = periods.count - 1
    edit(&periods[period].adaptationSets[periods[period].adaptationSets.count - 1])
  }

  private mutating func editRepresentation(_ edit: (inout MPDRepresentation) -> Void) {
    editAdaptationSet { set in
      guard !set.representations.isEmpty else { return }
      edit(&set.representations[set.representations.count - 1])
    }
  }
}
