import CheckedNumbers
import DASHKit
import Foundation
import PlayerSeam

extension InterstitialPlayer {
  /// A load of a DASH source's MPD: its Alternative-MPD events (new ones scheduled, known ones
  /// updated), played as interstitials (`AlternativeMPDEvents`).
  func update(_ periods: [MPDPeriod], origin: Double, isLive: Bool, mpdURL: URL) {
    segments = []
    self.isLive = isLive
    self.mpdURL = mpdURL
    schedule(AlternativeMPDEvents.interstitials(periods, origin: origin, mpdURL: mpdURL), format: .dash)
  }

  /// An in-band cue became known: an `emsg` of an Alternative-MPD scheme in a DASH source is
  /// scheduled as the same event in the MPD would be (its id the cue's). One that cannot be read
  /// is an `interstitialerror` naming the cue and what was expected.
  func inbandCue(_ cue: Cue) {
    guard cue.kind == "emsg", let mpdURL, let scheme = cue.cueClass,
      AlternativeMPDScheme(rawValue: scheme) != nil
    else { return }
    guard case .string(let hex)? = cue.attributes["messageData"] else { return }
    do {
      guard let alternative = try MPDAlternativeMPD.inband(scheme: scheme, messageData: Self.bytes(hex)),
        let url = AlternativeMPDEvents.requestURL(alternative.uri, copiesQuery: false, mpdURL: mpdURL)
      else { return }
      var timescale: UInt64 = 1
      if case .number(let value)? = cue.attributes["timescale"],
        let ticks = try? UInt64(checking: value, rounding: .down, in: 1...UInt64.max)
      {
        timescale = ticks
      }
      let duration = cue.endTime.map { $0 - cue.startTime }.flatMap { $0 > 0 ? $0 : nil }
      schedule(
        [
          AlternativeMPDEvents.interstitial(
            id: cue.id, start: cue.startTime, duration: duration, alternative, timescale: timescale, url: url)
        ], format: .dash)
    } catch {
      player.emit(
        .interstitialerror,
        detail: JSONObject([("message", .string("the emsg \(cue.id) (\(scheme)): \(error)"))]))
    }
  }

  /// Lower-case hexadecimal text (an `emsg` cue's `messageData`) as bytes.
  static func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
      UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
  }
}
