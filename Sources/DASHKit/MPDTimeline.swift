/// The Periods of an MPD across its loads: a `static` MPD is read once; a `dynamic` one is
/// reloaded, and each load's Periods are merged by id (else by start), so Periods that slid out
/// of the live window are kept and a Period seen again is updated (its end, its events).
public struct MPDTimeline: Sendable {
  /// The most Periods kept; the earliest are dropped past it.
  public static let maxPeriods = 10_000

  /// The latest load.
  public private(set) var latest: MPD?
  /// Every Period known so far, by start.
  public private(set) var periods: [MPDPeriod] = []
  /// How many loads were merged.
  public private(set) var loads = 0

  /// An empty timeline.
  public init() {}

  /// A Period's key: its id, else its start.
  public static func key(_ period: MPDPeriod) -> String {
    period.id ?? "start=\(MPDLayout.formatted(period.start))"
  }

  /// Merges a load; answers the keys of the Periods it brought that were not known before.
  @discardableResult
  public mutating func merge(_ mpd: MPD) -> [String] {
    latest = mpd
    loads += 1
    var added: [String] = []
    var index: [String: Int] = [:]
    for (position, period) in periods.enumerated() { index[Self.key(period)] = position }
    for period in mpd.periods {
      let key = Self.key(period)
      if let position = index[key] {
        periods[position] = period
      } else {
        added.append(key)
        periods.append(period)
        index[key] = periods.count - 1
      }
    }
    periods.sort { $0.start < $1.start }
    // A Period whose end was open (the last of a live MPD) ends where the next one starts.
    for position in periods.indices.dropLast() where periods[position].end == nil {
      periods[position].end = periods[position + 1].start
    }
    if periods.count > Self.maxPeriods { periods.removeFirst(periods.count - Self.maxPeriods) }
    return added
  }
}
