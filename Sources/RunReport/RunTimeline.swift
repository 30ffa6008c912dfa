import CheckedNumbers
import PlayerSeam

/// A run as the report draws it, built entry by entry from its log: the content trace, the
/// breaks and ads, the beacons, the actions and the errors, and the entries for the table
/// (all but `timeupdate`s, which only shape the trace). Each entry is constant work (ads and
/// breaks are found by id and break offset, not searched), and what it keeps of a long log is
/// bounded by its `ReportLimits`: the table's first and last rows, texts cut, the first markers.
public struct RunTimeline: Sendable {
  public private(set) var trace = ContentTrace()
  public private(set) var breaks: [BreakSpan] = []
  public private(set) var ads: [AdSpan] = []
  /// The first `limits.markers` interstitials played (HLS Interstitials, DASH Alternative-MPD).
  public internal(set) var interstitials: [InterstitialSpan] = []
  /// The first `limits.markers` beacons, actions and errors (`counts` has how many there were).
  public private(set) var beacons: [BeaconTick] = []
  public private(set) var actions: [TimelineMarker] = []
  public private(set) var errors: [TimelineMarker] = []
  /// How many beacons (and of them failed), actions and errors the log had.
  public private(set) var counts = MarkerCounts()
  /// The entries of the table: every entry but `timeupdate`s, the first and last kept.
  public private(set) var rows: ReportRows
  /// Virtual seconds of the last entry.
  public private(set) var endTime = 0.0
  /// What is kept of a long log.
  public let limits: ReportLimits
  /// Seeks: virtual time, content time before and after.
  private var seeks: [(time: Double, from: Double, to: Double)] = []
  private var seekFrom: Double?
  private var lastContent = 0.0
  private var index = TimelineIndex()
  /// How many entries were added (`timeupdate`s included).
  private var added = 0

  /// Entries visited to find ads and breaks (the tests' measure of the work).
  var steps: Int { index.steps }

  /// An empty timeline keeping what `limits` allow.
  public init(limits: ReportLimits = .standard) {
    self.limits = limits
    rows = ReportRows(head: limits.headRows, tail: limits.tailRows)
  }

  /// A timeline of the given entries.
  public init(_ entries: [ReportEntry], limits: ReportLimits = .standard) {
    self.init(limits: limits)
    for entry in entries { add(entry) }
    finish()
  }

  /// Adds the next entry of the log.
  public mutating func add(_ original: ReportEntry) {
    let time = original.entry.time
    let position = added
    added += 1
    endTime = max(endTime, time)
    trace.add(time: time, content: original.contentTime)
    defer { lastContent = original.contentTime }
    if original.entry.kind == .timeupdate { return }
    let item = ReportEntry(limits.cut(original.entry), contentTime: original.contentTime)
    let entry = item.entry
    let row = rows.append(item, position: position)
    switch entry.kind {
    case .addad: addAd(entry)
    case .adbegin: beginAd(entry)
    case .adend: endAd(entry, .played)
    case .adskip: endAd(entry, .skipped)
    case .adbreakbegin:
      let offset = entry.adBreakTimeOffset ?? 0
      index.breakBegan(offset, at: breaks.count)
      breaks.append(BreakSpan(offset: offset, begin: time))
    case .adbreakend:
      if let found = index.endBreak(entry.adBreakTimeOffset ?? 0) { breaks[found].end = time }
    case .seeking: seekFrom = lastContent
    case .seeked:
      seeks.append((time, seekFrom ?? lastContent, item.contentTime))
      seekFrom = nil
    case .beacon: addBeacon(item, row: row)
    case .interstitialstart, .interstitialend: addInterstitial(item)
    case .segment:
      counts.segments += 1
      counts.segmentBytes += Int.checked(entry.fields["bytes"]?.numberValue ?? 0) ?? 0
    case .segmenterror: counts.failedSegments += 1
    case .action:
      counts.actions += 1
      if actions.count < limits.markers {
        actions.append(
          TimelineMarker(
            row: row, time: time, content: item.contentTime, kind: .action, text: Self.details(entry)))
      }
    default: break
    }
    if Self.isError(entry) {
      if entry.kind == .aderror, let adId = entry.adId, let found = index.latest(adId, at: time, in: ads) {
        ads[found].outcome = .failed
        ads[found].error = entry.fields["message"]?.stringValue
        if ads[found].begin == nil { setBegin(found, time) }
        if ads[found].end == nil { setEnd(found, time) }
      }
      counts.errors += 1
      if errors.count < limits.markers {
        errors.append(
          TimelineMarker(
            row: row, time: time, content: item.contentTime, kind: entry.kind,
            text: Self.errorText(entry)))
      }
    }
  }

  /// Settles what the log left open: ads that began and never ended, ads that never began.
  public mutating func finish() {
    let reached = ReachedContent(trace.points)
    var seekOver: [Double: (time: Double, from: Double, to: Double)?] = [:]
    for position in ads.indices {
      let ad = ads[position]
      guard ad.outcome == .notPlayed || (ad.begin != nil && ad.end == nil) else { continue }
      if ad.begin != nil {
        if ad.outcome != .failed { ads[position].outcome = .unfinished }
        ads[position].end = endTime
        continue
      }
      let offset = ad.breakOffset ?? 0
      if ad.breakOffset != nil {
        if seekOver[offset] == nil { seekOver[offset] = seeks.first { $0.from < offset && $0.to >= offset } }
        if let seek = seekOver[offset] ?? nil {
          ads[position].outcome = .seekedOver
          ads[position].begin = seek.time
          continue
        }
      }
      ads[position].begin = reached.time(offset) ?? endTime
    }
  }

  private mutating func setBegin(_ position: Int, _ time: Double) {
    ads[position].begin = time
    index.begun(ads[position], at: position, time: time)
  }

  private mutating func setEnd(_ position: Int, _ time: Double) {
    ads[position].end = time
    index.ended(ads[position].id, at: position)
  }

  private mutating func addAd(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let offset = entry.adBreakTimeOffset
    if index.firstWaiting(.init(id: id, offset: offset), in: ads) != nil { return }
    append(
      AdSpan(
        id: id, breakOffset: offset, slot: index.waitingCount(offset), begin: nil, end: nil,
        outcome: .notPlayed, error: nil))
  }

  private mutating func beginAd(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let offset = entry.adBreakTimeOffset
    if let found = index.firstWaiting(.init(id: id, offset: offset), in: ads) {
      setBegin(found, entry.time)
      return
    }
    // A replay (snapback) or an ad the log never added: its slot follows the break's last ad.
    let breakBegin = index.lastBreak(offset ?? 0).map { breaks[$0].begin } ?? entry.time
    let slot = index.begunSince(breakBegin, offset: offset)
    append(
      AdSpan(
        id: id, breakOffset: offset, slot: slot, begin: entry.time, end: nil, outcome: .notPlayed, error: nil)
    )
  }

  private mutating func append(_ ad: AdSpan) {
    index.added(ad, at: ads.count)
    ads.append(ad)
  }

  private mutating func endAd(_ entry: LogEntry, _ outcome: AdOutcome) {
    guard let id = entry.adId, let found = index.lastPlaying(id) else { return }
    setEnd(found, entry.time)
    if ads[found].outcome != .failed { ads[found].outcome = outcome }
  }

  private mutating func addBeacon(_ item: ReportEntry, row: Int) {
    let entry = item.entry
    let beacon = BeaconTick(
      row: row, ad: entry.adId.flatMap { index.latest($0, at: entry.time, in: ads) }, time: entry.time,
      content: item.contentTime, event: entry.fields["event"]?.stringValue ?? "?",
      url: entry.fields["url"]?.stringValue ?? "",
      status: entry.fields["status"]?.numberValue.flatMap { Int(exactly: $0) },
      failure: entry.fields["failure"]?.stringValue)
    counts.beacons += 1
    if beacon.failed { counts.failedBeacons += 1 }
    if beacons.count < limits.markers { beacons.append(beacon) }
  }

  /// An entry's fields as `key=value` words.
  static func details(_ entry: LogEntry) -> String {
    entry.fields.map { "\($0.key)=\($0.value.stringValue ?? $0.value.jsonText)" }.joined(separator: " ")
  }
}

/// How many beacons, actions and errors a log had (the timeline draws the first of each).
public struct MarkerCounts: Sendable, Equatable {
  public var beacons = 0
  public var failedBeacons = 0
  public var actions = 0
  public var errors = 0
  /// Media segments loaded (`segment` entries), their bytes, and segments that failed for good.
  public var segments = 0
  public var segmentBytes = 0
  public var failedSegments = 0
}

/// When the content first reached each time: the trace's running maximum, searched by halves.
private struct ReachedContent {
  private let times: [Double]
  private let highest: [Double]

  init(_ points: [ContentTrace.Point]) {
    var highest: [Double] = []
    highest.reserveCapacity(points.count)
    for point in points { highest.append(max(highest.last ?? -.infinity, point.content)) }
    times = points.map(\.time)
    self.highest = highest
  }

  /// The virtual time of the first point whose content time is `content` or more.
  func time(_ content: Double) -> Double? {
    var (low, high) = (0, highest.count)
    while low < high {
      let middle = (low + high) / 2
      if highest[middle] < content { low = middle + 1 } else { high = middle }
    }
    return low < times.count ? times[low] : nil
  }
}
