import AdPlayer

/// A run as the report draws it, built entry by entry from its log: the content trace, the
/// breaks and ads, the beacons, the actions and the errors, and the entries for the table
/// (all but `timeupdate`s, which only shape the trace).
public struct RunTimeline: Sendable {
  public private(set) var trace = ContentTrace()
  public private(set) var breaks: [BreakSpan] = []
  public private(set) var ads: [AdSpan] = []
  public private(set) var beacons: [BeaconTick] = []
  public private(set) var actions: [TimelineMarker] = []
  public private(set) var errors: [TimelineMarker] = []
  /// The entries of the table: every entry but `timeupdate`s.
  public private(set) var rows: [ReportEntry] = []
  /// Virtual seconds of the last entry.
  public private(set) var endTime = 0.0
  /// Seeks: virtual time, content time before and after.
  private var seeks: [(time: Double, from: Double, to: Double)] = []
  private var seekFrom: Double?
  private var lastContent = 0.0

  /// Error types drawn in red.
  static let errorTypes: Set<String> = ["error", "aderror", "plugin-error", "playlist-error", "mpd-error"]

  /// An empty timeline.
  public init() {}

  /// A timeline of the given entries.
  public init(_ entries: [ReportEntry]) {
    for entry in entries { add(entry) }
    finish()
  }

  /// Adds the next entry of the log.
  public mutating func add(_ item: ReportEntry) {
    let entry = item.entry
    let time = entry.time
    endTime = max(endTime, time)
    trace.add(time: time, content: item.contentTime)
    defer { lastContent = item.contentTime }
    if entry.type == "timeupdate" { return }
    let row = rows.count
    rows.append(item)
    switch entry.type {
    case "addad": addAd(entry)
    case "adbegin": beginAd(entry)
    case "adend": endAd(entry, .played)
    case "adskip": endAd(entry, .skipped)
    case "adbreakbegin": breaks.append(BreakSpan(offset: entry.adBreakTimeOffset ?? 0, begin: time))
    case "adbreakend":
      if let index = breaks.lastIndex(where: { $0.end == nil && $0.offset == (entry.adBreakTimeOffset ?? 0) })
      {
        breaks[index].end = time
      }
    case "seeking": seekFrom = lastContent
    case "seeked":
      seeks.append((time, seekFrom ?? lastContent, item.contentTime))
      seekFrom = nil
    case "beacon": addBeacon(item, row: row)
    case "action":
      actions.append(
        TimelineMarker(
          row: row, time: time, content: item.contentTime, type: "action", text: Self.details(entry)))
    default: break
    }
    if Self.errorTypes.contains(entry.type) {
      if entry.type == "aderror", let adId = entry.adId, let index = latestAd(adId, at: time) {
        ads[index].outcome = .failed
        ads[index].error = entry.fields["message"]?.stringValue
        if ads[index].begin == nil { ads[index].begin = time }
        if ads[index].end == nil { ads[index].end = time }
      }
      errors.append(
        TimelineMarker(
          row: row, time: time, content: item.contentTime, type: entry.type,
          text: entry.fields["message"]?.stringValue ?? Self.details(entry)))
    }
  }

  /// Settles what the log left open: ads that began and never ended, ads that never began.
  public mutating func finish() {
    for index in ads.indices {
      guard ads[index].outcome == .notPlayed || (ads[index].begin != nil && ads[index].end == nil) else {
        continue
      }
      if ads[index].begin != nil {
        if ads[index].outcome != .failed { ads[index].outcome = .unfinished }
        ads[index].end = endTime
      } else if let offset = ads[index].breakOffset,
        let seek = seeks.first(where: { $0.from < offset && $0.to >= offset })
      {
        ads[index].outcome = .seekedOver
        ads[index].begin = seek.time
      } else {
        let offset = ads[index].breakOffset ?? 0
        ads[index].begin = trace.points.first(where: { $0.content >= offset })?.time ?? endTime
      }
    }
  }

  private mutating func addAd(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let offset = entry.adBreakTimeOffset
    if ads.contains(where: { $0.id == id && $0.breakOffset == offset && $0.begin == nil }) { return }
    ads.append(
      AdSpan(
        id: id, breakOffset: offset, slot: ads.filter { $0.breakOffset == offset && $0.begin == nil }.count,
        begin: nil, end: nil, outcome: .notPlayed, error: nil))
  }

  private mutating func beginAd(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let offset = entry.adBreakTimeOffset
    if let index = ads.firstIndex(where: { $0.id == id && $0.breakOffset == offset && $0.begin == nil }) {
      ads[index].begin = entry.time
      return
    }
    // A replay (snapback) or an ad the log never added: its slot follows the break's last ad.
    let breakBegin = breaks.last(where: { $0.offset == offset ?? 0 })?.begin ?? entry.time
    let slot = ads.filter { $0.breakOffset == offset && ($0.begin ?? -1) >= breakBegin }.count
    ads.append(
      AdSpan(
        id: id, breakOffset: offset, slot: slot, begin: entry.time, end: nil, outcome: .notPlayed, error: nil)
    )
  }

  private mutating func endAd(_ entry: LogEntry, _ outcome: AdOutcome) {
    guard let id = entry.adId,
      let index = ads.lastIndex(where: { $0.id == id && $0.begin != nil && $0.end == nil })
    else { return }
    ads[index].end = entry.time
    if ads[index].outcome != .failed { ads[index].outcome = outcome }
  }

  /// The ad with `id` that began last at or before `time`, else its first.
  private func latestAd(_ id: String, at time: Double) -> Int? {
    ads.lastIndex(where: { $0.id == id && ($0.begin ?? .infinity) <= time })
      ?? ads.firstIndex(where: { $0.id == id })
  }

  private mutating func addBeacon(_ item: ReportEntry, row: Int) {
    let entry = item.entry
    beacons.append(
      BeaconTick(
        row: row, ad: entry.adId.flatMap { latestAd($0, at: entry.time) }, time: entry.time,
        content: item.contentTime, event: entry.fields["event"]?.stringValue ?? "?",
        url: entry.fields["url"]?.stringValue ?? "",
        status: entry.fields["status"]?.numberValue.flatMap { Int(exactly: $0) },
        failure: entry.fields["failure"]?.stringValue))
  }

  /// An entry's fields as `key=value` words.
  static func details(_ entry: LogEntry) -> String {
    entry.fields.map { "\($0.key)=\($0.value.stringValue ?? $0.value.jsonText)" }.joined(separator: " ")
  }
}
