import CheckedNumbers
import PlayerSeam

/// Rules on ad events: `ad-begins-once`, `ad-event-inside-begin-end`, the quartile rules.
extension StrictChecker {
  static let quartileEvents: [LogKind] = [.adfirstquartile, .admidpoint, .adthirdquartile]
  static let quartileFractions = [0.25, 0.5, 0.75]

  func adChanged(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let duration = entry.fields["duration"]?.numberValue
    if entry.kind == .addad {
      ads.add(AdRecord(id: id, breakOffset: entry.adBreakTimeOffset, duration: duration))
    } else if let duration {
      ad(for: entry).duration = duration
    }
  }

  func adBegan(_ entry: LogEntry) {
    guard let id = entry.adId else { return }
    let sameAd = ads.ads(id, in: entry.adBreakTimeOffset)
    let ad = sameAd.first { !$0.began } ?? sameAd.last ?? added(id, entry.adBreakTimeOffset)
    if let first = ad.begins.first {
      report(
        .adBeginsOnce, entry, ad: ad,
        message: "adbegin again: the ad began at \(Self.time(first.micros)) already",
        entries: [first, entry])
      // A new play: what it fires is checked afresh.
      ad.quartiles = [:]
      ad.firings = [:]
      ad.finish = nil
      ad.playedAtFinish = nil
    }
    ad.begins.append(entry)
    ad.joinedAt = entry.fields["joinedAt"]?.numberValue ?? 0
    ad.beginPosition = position.at(entry.micros)
    ad.stitched = position.playing
  }

  func adFinished(_ entry: LogEntry) {
    let ad = ad(for: entry)
    guard insideBeginEnd(entry, ad) else { return }
    ad.playedAtFinish = played(ad, at: entry.micros, beforeSeek: true)
    ad.finish = entry
  }

  func quartileEvent(_ entry: LogEntry) {
    let ad = ad(for: entry)
    guard insideBeginEnd(entry, ad), let index = Self.quartileEvents.firstIndex(of: entry.kind) else {
      return
    }
    if let first = ad.quartiles[entry.kind] {
      report(
        .quartileOnce, entry, ad: ad,
        message: "\(entry.kind) again: it fired at \(Self.time(first.micros)) already",
        entries: [first, entry])
      return
    }
    ad.quartiles[entry.kind] = entry
    let missing = Self.quartileEvents.indices[..<index].first {
      ad.quartiles[Self.quartileEvents[$0]] == nil && !ad.pastAtJoin(Self.quartileFractions[$0])
    }.map { Self.quartileEvents[$0] }
    if let missing {
      report(.quartileOrder, entry, ad: ad, message: "\(entry.kind) before any \(missing)")
    } else if let later = Self.quartileEvents[(index + 1)...].compactMap({ ad.quartiles[$0] }).first {
      report(
        .quartileOrder, entry, ad: ad, message: "\(entry.kind) after \(later.kind)", entries: [later, entry])
    }
    checkTime(entry, of: ad, fraction: Self.quartileFractions[index], what: entry.kind.rawValue)
  }

  /// Checks that `what` came at `fraction` of the ad's duration, within one progress step.
  func checkTime(_ entry: LogEntry, of ad: AdRecord, fraction: Double, what: String) {
    guard let duration = ad.duration, duration > 0, let played = played(ad, sending: entry) else { return }
    let due = fraction * duration
    guard abs(played - due) > options.progressStep + 1e-6 else { return }
    let percent = CheckedNumbers.describe((fraction * 100).rounded())
    report(
      .quartileTime, entry, ad: ad,
      message: "\(what) \(Self.seconds(played)) into the ad, due at \(Self.seconds(due)) "
        + "(\(percent) % of \(Self.seconds(duration))) ± \(Self.seconds(options.progressStep))",
      entries: [ad.begins.last, entry].compactMap { $0 })
  }

  /// Where in the ad playback is at `micros`, from the ad's true start (a late join began
  /// `joinedAt` into it): for a stitched ad the content's progress since it began, for an
  /// inserted ad (the content waits; a seek then only moves where the content resumes) the
  /// virtual time since. `beforeSeek`: where playback got before a seek at that instant.
  func played(_ ad: AdRecord, at micros: Int64, beforeSeek: Bool = false) -> Double? {
    guard let beganAt = ad.beganAt else { return nil }
    if let finish = ad.finish, micros >= finish.micros { return ad.playedAtFinish }
    let end = micros
    guard ad.stitched else { return ad.joinedAt + VirtualTime.seconds(end - beganAt) }
    let now = beforeSeek ? position.beforeSeek(end) : position.at(end)
    guard let start = ad.beginPosition, let now else { return nil }
    return ad.joinedAt + now - start
  }

  /// Where in the ad playback was when `entry` happened: at its time, or for a beacon answered
  /// after the clock moved on, where it was sent (`sentMicros`; a stitched ad's place from the
  /// content time logged with it).
  func played(_ ad: AdRecord, sending entry: LogEntry, beforeSeek: Bool = false) -> Double? {
    let sent = entry.sentMicros
    guard sent < entry.micros else { return played(ad, at: entry.micros, beforeSeek: beforeSeek) }
    guard let beganAt = ad.beganAt else { return nil }
    if let finish = ad.finish, sent >= finish.micros { return ad.playedAtFinish }
    guard ad.stitched else { return ad.joinedAt + VirtualTime.seconds(sent - beganAt) }
    guard let start = ad.beginPosition, let content = entry.fields["contentTime"]?.numberValue else {
      return nil
    }
    return ad.joinedAt + content - start
  }

  /// Whether the ad is playing; reports `ad-event-inside-begin-end` when it is not.
  func insideBeginEnd(_ entry: LogEntry, _ ad: AdRecord) -> Bool {
    if ad.playing { return true }
    let why =
      if let finish = ad.finish {
        "after its \(finish.kind) at \(Self.time(finish.micros))"
      } else {
        "but the ad never began"
      }
    report(
      .adEventInsideBeginEnd, entry, ad: ad, message: "\(entry.kind) \(why)",
      entries: [ad.finish, entry].compactMap { $0 })
    return false
  }

  /// The ad an ad event is about: of its id and break, the one playing, else the last begun,
  /// else the last added.
  func ad(for entry: LogEntry) -> AdRecord {
    let id = entry.adId ?? ""
    let sameAd = ads.ads(id, in: entry.adBreakTimeOffset)
    return sameAd.last { $0.playing } ?? sameAd.last { $0.began } ?? sameAd.last
      ?? added(id, entry.adBreakTimeOffset)
  }

  /// An ad the log never added (a log cut short): recorded from its first event.
  func added(_ id: String, _ breakOffset: Double?) -> AdRecord {
    let ad = AdRecord(id: id, breakOffset: breakOffset, duration: nil)
    ads.add(ad)
    return ad
  }
}
