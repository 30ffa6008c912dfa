import PlayerSeam

/// Rules on breaks (`break-ends`, `break-left-playing`), errors (`unexpected-aderror`) and
/// offline requests (`offline-answered`).
extension StrictChecker {
  func breakEvent(_ entry: LogEntry) {
    guard let offset = entry.adBreakTimeOffset else { return }
    let adBreak = breaks[offset] ?? BreakRecord(offset: offset)
    breaks[offset] = adBreak
    switch entry.kind {
    case .adbreakbegin:
      adBreak.begin = entry
      adBreak.reportedLeft = false
    case .adbreakend: adBreak.begin = nil
    default:
      if let begin = adBreak.begin {
        report(
          .breakEnds, entry, adBreak: offset, message: "break removed while playing, without adbreakend",
          entries: [begin, entry])
      }
      breaks[offset] = nil
      ads.breakRemoved(offset)
    }
    watchesBreaks = breaks.values.contains(where: \.isWatched)
  }

  /// What must hold once everything of an instant has happened: no break plays where the
  /// playhead is not (its listeners have had their turn to end it). Only while the content
  /// plays: an inserted break plays while the content waits wherever a seek left it.
  func instantEnded(at micros: Int64) {
    // Most instants (each `timeupdate`'s) have no break playing: known without looking at the
    // breaks, which change only at break events and here.
    guard watchesBreaks, position.playing, let now = position.at(micros) else { return }
    defer { watchesBreaks = breaks.values.contains(where: \.isWatched) }
    for adBreak in breaks.values.sorted(by: { $0.offset < $1.offset }) where adBreak.isWatched {
      guard let begin = adBreak.begin else { continue }
      let extent = extent(of: adBreak)
      let step = options.progressStep + 1e-6
      guard now < extent.lowerBound - step || now > extent.upperBound + step else { continue }
      adBreak.reportedLeft = true
      let span =
        extent.upperBound.isFinite
        ? "\(Self.seconds(extent.lowerBound))–\(Self.seconds(extent.upperBound))"
        : "from \(Self.seconds(extent.lowerBound))"
      let last = LogEntry(
        micros: micros, kind: .playhead, fields: JSONObject([("currentTime", .number(now))]))
      report(
        .breakLeftPlaying, last, adBreak: adBreak.offset,
        message: "the break (\(span) of the content) still plays with the playhead at \(Self.seconds(now))",
        entries: [begin, last])
    }
  }

  /// The content the break spans: from its offset for its ads' durations (just its offset when
  /// an ad's duration is unknown: the playhead must at least not be before it).
  private func extent(of adBreak: BreakRecord) -> ClosedRange<Double> {
    let breakAds = ads.ads(inBreak: adBreak.offset)
    let durations = breakAds.compactMap(\.duration)
    let length = durations.count == breakAds.count ? durations.reduce(0, +) : Double.infinity
    return adBreak.offset...(adBreak.offset + length)
  }

  func adError(_ entry: LogEntry) {
    let message = entry.fields["message"]?.stringValue ?? ""
    wrapperTimeout(entry)
    guard !options.expects(error: message) else { return }
    report(.unexpectedAdError, entry, message: "aderror: \(message)")
  }

  func offlineUnmatched(_ entry: LogEntry) {
    let method = entry.fields["method"]?.stringValue ?? "GET"
    let url = entry.fields["url"]?.stringValue ?? "?"
    let difference = entry.fields["difference"]?.stringValue.map { " (\($0))" } ?? ""
    report(.offlineAnswered, entry, message: "no recorded answer for \(method) \(url)\(difference)")
  }
}
