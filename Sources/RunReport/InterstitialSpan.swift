import PlayerSeam

/// One play of an HLS interstitial (or a DASH Alternative-MPD event), as a viewer's timeline
/// shows it: `X-TIMELINE-OCCUPIES` says whether it takes a range of the content's timeline or a
/// point of it, `X-TIMELINE-STYLE` whether it looks like the content (`PRIMARY`) or like an ad
/// (`HIGHLIGHT`, the default).
public struct InterstitialSpan: Sendable {
  /// The interstitial's id.
  public let id: String
  /// Virtual seconds of `interstitialstart` and `interstitialend` (nil until it ends).
  public let begin: Double
  public var end: Double?
  /// The content time where the content paused for it.
  public let contentStart: Double
  /// `X-TIMELINE-OCCUPIES=RANGE`: it takes a range of the content's timeline.
  public let occupiesRange: Bool
  /// `X-TIMELINE-STYLE=PRIMARY`: it is shown as content, not as an ad.
  public let primaryStyle: Bool
  /// Content seconds of the range it takes: its `DURATION` when the log gives it, else how far
  /// the content moved on over it, else how long it played.
  public var span: Double?

  /// Reads an `interstitialstart` entry (nil for another kind, or one without an id).
  init?(start entry: LogEntry, contentTime: Double) {
    guard entry.kind == .interstitialstart, let object = entry.fields["interstitial"]?.objectValue,
      let id = object["id"]?.stringValue
    else { return nil }
    self.id = id
    begin = entry.time
    contentStart = contentTime
    occupiesRange = object["timelineOccupies"]?.stringValue == "RANGE"
    primaryStyle = object["timelineStyle"]?.stringValue == "PRIMARY"
    span = object["duration"]?.numberValue
  }

  /// Its `interstitialend` entry: when it ended, and the range it took if not known yet.
  mutating func ended(_ entry: LogEntry) {
    end = entry.time
    guard span == nil else { return }
    let moved = (entry.fields["resumeTime"]?.numberValue).map { $0 - contentStart }
    span = moved.flatMap { $0 > 0 ? $0 : nil } ?? entry.fields["played"]?.numberValue
  }
}

extension RunTimeline {
  /// An `interstitialstart` (a new span, while fewer than `limits.markers`) or an
  /// `interstitialend` (the open span of its id: the last one, as one plays at a time).
  mutating func addInterstitial(_ item: ReportEntry) {
    let entry = item.entry
    if entry.kind == .interstitialstart {
      guard interstitials.count < limits.markers,
        let span = InterstitialSpan(start: entry, contentTime: item.contentTime)
      else { return }
      interstitials.append(span)
      return
    }
    let id = entry.fields["interstitial"]?.objectValue?["id"]?.stringValue
    if let found = interstitials.lastIndex(where: { $0.id == id && $0.end == nil }) {
      interstitials[found].ended(entry)
    }
  }
}
