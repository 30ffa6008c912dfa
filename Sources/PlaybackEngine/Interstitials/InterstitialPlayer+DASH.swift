import DASHKit
import Foundation

extension InterstitialPlayer {
  /// A load of a DASH source's MPD: its Alternative-MPD events (new ones scheduled, known ones
  /// updated), played as interstitials (`AlternativeMPDEvents`).
  func update(_ periods: [MPDPeriod], origin: Double, isLive: Bool, mpdURL: URL) {
    segments = []
    self.isLive = isLive
    schedule(AlternativeMPDEvents.interstitials(periods, origin: origin, mpdURL: mpdURL), format: .dash)
  }
}
