import PlayerSeam

/// What a report keeps of a long log, so that its page and the memory building it stay bounded
/// however long the run (docs/report.md): the table's first and last rows, texts cut to a few
/// KB, and the first markers of each kind.
public struct ReportLimits: Sendable, Equatable {
  /// Table rows kept from the log's start.
  public var headRows: Int
  /// Table rows kept from the log's end (the rows between are counted and omitted).
  public var tailRows: Int
  /// UTF-8 bytes kept of each text (a field's value, an ad id, a message); the rest is cut.
  public var textBytes: Int
  /// Beacons, actions and errors drawn (and errors listed) at most, each; the rest are counted.
  public var markers: Int

  /// The defaults: 1000 rows from the start, 1000 from the end, 2048 bytes per text, 5000
  /// markers of each kind.
  public static let standard = ReportLimits(headRows: 1000, tailRows: 1000, textBytes: 2048, markers: 5000)

  /// Limits of one's own (each at least 1, texts at least 16 bytes).
  public init(headRows: Int, tailRows: Int, textBytes: Int, markers: Int) {
    self.headRows = max(1, headRows)
    self.tailRows = max(1, tailRows)
    self.textBytes = max(16, textBytes)
    self.markers = max(1, markers)
  }

  /// `text`, cut to `textBytes` at a character boundary with `… (N more bytes)` when longer.
  public func cut(_ text: String) -> String {
    let bytes = text.utf8.count
    guard bytes > textBytes else { return text }
    var kept = ""
    var used = 0
    for scalar in text.unicodeScalars {
      let size = String(scalar).utf8.count
      if used + size > textBytes { break }
      used += size
      kept.unicodeScalars.append(scalar)
    }
    return kept + "… (\(bytes - used) more bytes)"
  }

  /// A value as the report shows it: a long string cut; an array or object as its JSON text, cut
  /// when long (the page shows it as that text anyway).
  public func cut(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text): return text.utf8.count > textBytes ? .string(cut(text)) : value
    case .array, .object:
      let text = value.jsonText
      return text.utf8.count > textBytes ? .string(cut(text)) : value
    case .null, .bool, .number: return value
    }
  }

  /// The entry with its ad id and every field's value cut.
  public func cut(_ entry: LogEntry) -> LogEntry {
    let long = { (value: JSONValue) -> Bool in
      if case .string(let text) = value { return text.utf8.count > textBytes }
      if case .array = value { return true }
      if case .object = value { return true }
      return false
    }
    guard
      (entry.adId?.utf8.count ?? 0) > textBytes
        || entry.fields.contains(where: { $0.key.utf8.count > textBytes || long($0.value) })
    else { return entry }
    var cut = entry
    cut.adId = entry.adId.map { self.cut($0) }
    cut.fields = JSONObject(entry.fields.map { (key: self.cut($0.key), value: self.cut($0.value)) })
    return cut
  }
}
