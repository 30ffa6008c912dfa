import PlayerSeam

/// A run's log written by hand, for rules no plugin can break through the controller (it
/// refuses), and for how the checker reads a log.
struct LogBuilder {
  private(set) var entries: [LogEntry] = []

  /// Appends an entry at `seconds`: `ad` and `adBreak` as on ad events, then `fields`.
  mutating func add(
    _ seconds: Double, _ kind: LogKind, ad: String? = nil, adBreak: Double? = nil,
    _ fields: [(String, JSONValue)] = []
  ) {
    entries.append(
      LogEntry(
        micros: VirtualTime.micros(seconds), kind: kind, adId: ad, adBreakTimeOffset: adBreak,
        fields: JSONObject(fields.map { (key: $0.0, value: $0.1) })))
  }

  /// A beacon of `event` for `ad`, answered 204.
  mutating func beacon(_ seconds: Double, _ event: String, ad: String, url: String? = nil) {
    add(
      seconds, .beacon, ad: ad,
      [
        ("event", .string(event)), ("url", .string(url ?? "https://t.example/\(event)")),
        ("status", .number(204)),
      ])
  }

  /// Content that starts playing at 0 with a break at `offset` holding ad `id` of `duration`.
  static func playing(ad id: String = "a1", at offset: Double = 0, duration: Double = 4) -> LogBuilder {
    var log = LogBuilder()
    log.add(0, .addadbreak, adBreak: offset)
    log.add(0, .addad, ad: id, adBreak: offset, [("duration", .number(duration))])
    log.add(0, .play, [("currentTime", .number(0))])
    log.add(0, .playing, [("currentTime", .number(0))])
    return log
  }
}
