import Foundation

extension HLSInterstitial {
  /// An interstitial made by the host rather than read from a date range (a DASH Alternative-MPD
  /// event played the same way): no snap, no restriction, no cue, the default timeline
  /// attributes; the caller sets the rest.
  public init(id: String, startTime: Double, asset: Asset) {
    self.id = id
    self.startTime = startTime
    self.asset = asset
    snap = []
    restrictions = []
    triggers = []
    timelineOccupies = .point
    timelineStyle = .highlight
    contentMayVary = true
    otherAttributes = []
    line = 0
  }
}
