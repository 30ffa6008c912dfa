import CheckedNumbers
import PlayerSeam

/// Rules on beacons: `beacon-answered`, `beacon-once`, `impression-before-start` (each as the
/// tracking vocabulary in force says), the quartile
/// rules for quartile beacons, the `complete` rules, `skip-only-skipped`, and beacons only while
/// their ad plays.
extension StrictChecker {
  /// The tracking events an ad fires once (IAB VAST 4.3 §3.14.1–3.14.2).
  static let onceEvents: Set<String> = [
    "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip",
  ]
  static let beaconQuartiles = ["firstQuartile", "midpoint", "thirdQuartile"]

  func beacon(_ entry: LogEntry) {
    answered(entry)
    playedBeaconRules(entry)
    guard let id = entry.adId, let event = entry.fields["event"]?.stringValue else { return }
    let ad = beaconAd(id)
    // `error` beacons report an ad that failed, whether or not it began.
    guard event == "error" || beaconWhilePlaying(entry, ad, event) else { return }
    // An event declared as the impression fires once too.
    guard Self.onceEvents.contains(event) || vocabulary.impressionEventNames.contains(event) else { return }
    if let firing = ad.firings[event] {
      let url = entry.fields["url"]?.stringValue
      if firing[0].sentMicros != entry.sentMicros {
        report(
          .beaconOnce, entry, ad: ad,
          message: "\(event) fired again: it fired at \(Self.time(firing[0].sentMicros))",
          entries: [firing[0], entry])
      } else if let same = firing.first(where: { $0.fields["url"]?.stringValue == url }) {
        report(.beaconOnce, entry, ad: ad, message: "\(event) sent twice to one URL", entries: [same, entry])
      } else {
        ad.firings[event, default: []].append(entry)
      }
      return
    }
    ad.firings[event] = [entry]
    firstFiring(entry, event, of: ad)
  }

  /// The rules on the first firing of a tracking event.
  private func firstFiring(_ entry: LogEntry, _ event: String, of ad: AdRecord) {
    if event != "start", vocabulary.impressionEventNames.contains(event) {
      impressionFirstFired(entry, event, of: ad)
      return
    }
    switch event {
    case "complete": complete(entry, of: ad)
    case "skip": skipBeacons.append((entry, ad))
    default:
      guard let index = Self.beaconQuartiles.firstIndex(of: event) else { return }
      if let later = Self.beaconQuartiles[(index + 1)...].compactMap({ ad.firings[$0]?.first }).first {
        report(
          .quartileOrder, entry, ad: ad,
          message: "\(event) beacon after the \(later.fields["event"]?.stringValue ?? "") beacon",
          entries: [later, entry])
      }
      checkTime(entry, of: ad, fraction: Self.quartileFractions[index], what: "\(event) beacon")
    }
  }

  /// `impression-before-start`: the first beacon of an event counted as the impression
  /// (`impression`, or one the vocabulary declares) comes with or before the first `start`. An ad
  /// without any breaks no rule here (`impression-fired` asks for impressions where the VAST has
  /// them); a start is reported once an impression comes after it. When the vocabulary counts
  /// `start` itself as the impression, the rule holds.
  private func impressionFirstFired(_ entry: LogEntry, _ event: String, of ad: AdRecord) {
    let names = vocabulary.impressionEventNames
    guard !names.contains("start"), let start = ad.firings["start"]?.first,
      !names.contains(where: { $0 != event && ad.firings[$0] != nil })
    else { return }
    report(.impressionBeforeStart, start, ad: ad, message: "start beacon before any impression beacon")
    report(
      .impressionBeforeStart, entry, ad: ad,
      message: "\(event) beacon after the start beacon of \(Self.time(start.sentMicros))",
      entries: [start, entry])
  }

  private func complete(_ entry: LogEntry, of ad: AdRecord) {
    if ad.quartiles[.adthirdquartile] == nil && ad.firings["thirdQuartile"] == nil && !ad.pastAtJoin(0.75) {
      report(.completeAfterThirdQuartile, entry, ad: ad, message: "complete beacon before any third quartile")
    }
    if let skip = ad.finish, ad.skipped {
      report(
        .completeOnlyAtEnd, entry, ad: ad,
        message: "complete beacon for an ad skipped at \(Self.time(skip.micros))",
        entries: [skip, entry])
    } else if let duration = ad.duration, let played = played(ad, sending: entry, beforeSeek: true),
      played < duration - options.progressStep - 1e-6
    {
      report(
        .completeOnlyAtEnd, entry, ad: ad,
        message: "complete beacon after \(Self.seconds(played)) of the ad's \(Self.seconds(duration))",
        entries: [ad.begins.last, ad.finish, entry].compactMap { $0 })
    }
  }

  /// Whether the beacon's ad played when it was sent (or finished at that instant: its beacons
  /// settle after it).
  private func beaconWhilePlaying(_ entry: LogEntry, _ ad: AdRecord, _ event: String) -> Bool {
    let sent = entry.sentMicros
    if let beganAt = ad.beganAt, beganAt <= sent, (ad.finish?.micros ?? sent) >= sent {
      return true
    }
    let why =
      if let finish = ad.finish {
        "after its \(finish.kind) at \(Self.time(finish.micros))"
      } else {
        "but the ad never began"
      }
    report(
      .adEventInsideBeginEnd, entry, ad: ad, message: "\(event) beacon \(why)",
      entries: [ad.finish, entry].compactMap { $0 })
    return false
  }

  /// `beacon-answered`: a 2xx status, or an answer the vocabulary in force calls harmless.
  private func answered(_ entry: LogEntry) {
    let event = entry.fields["event"]?.stringValue ?? "?"
    let url = entry.fields["url"]?.stringValue ?? "?"
    if let status = entry.fields["status"]?.numberValue {
      guard !(200..<300).contains(status) else { return }
      if let whole = Int.checked(status), vocabulary.harmless(status: whole, host: Self.host(of: url)) != nil
      {
        return
      }
      report(
        .beaconAnswered, entry,
        message: "\(event) beacon \(url) answered \(CheckedNumbers.describe(status)), not 2xx")
    } else {
      let failure = entry.fields["failure"]?.stringValue ?? "no answer"
      report(.beaconAnswered, entry, message: "\(event) beacon \(url) failed: \(failure)")
    }
  }

  /// The host of `url` in lower case, with `:port` when it gives one (`t.example:8080`).
  static func host(of url: String) -> String? {
    guard let scheme = url.range(of: "://") else { return nil }
    let rest = url[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
    return host.isEmpty ? nil : host.lowercased()
  }

  /// The ad a beacon is about (beacons carry the ad's id only): the one of that id playing,
  /// else the last to finish, else the last added.
  private func beaconAd(_ id: String) -> AdRecord {
    let sameId = ads.ads(id)
    return sameId.last { $0.playing }
      ?? sameId.filter { $0.finish != nil }.max { ($0.finish?.micros ?? 0) < ($1.finish?.micros ?? 0) }
      ?? sameId.last ?? added(id, nil)
  }
}
