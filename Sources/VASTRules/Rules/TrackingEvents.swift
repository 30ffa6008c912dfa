/// The `Tracking@event` values of each VAST schema (the enumerations of the IAB XSDs), by
/// `VASTVersion.schemaColumn`.
enum TrackingEvents {
  private static let vast2: Set<String> = [
    "acceptInvitation", "close", "collapse", "complete", "creativeView", "expand", "firstQuartile",
    "fullscreen",
    "midpoint", "mute", "pause", "resume", "rewind", "start", "thirdQuartile", "unmute",
  ]
  private static let vast3 = vast2.union([
    "acceptInvitationLinear", "closeLinear", "exitFullscreen", "progress", "skip",
  ])
  private static let vast4: Set<String> = [
    "acceptInvitation", "acceptInvitationLinear", "adCollapse", "adExpand", "close", "complete",
    "creativeView",
    "firstQuartile", "midpoint", "minimize", "mute", "otherAdInteraction", "overlayViewDuration", "pause",
    "playerCollapse", "playerExpand", "progress", "resume", "rewind", "skip", "start", "thirdQuartile",
    "timeSpentViewing", "unmute",
  ]
  private static let vast41 = vast4.subtracting(["acceptInvitationLinear", "timeSpentViewing"]).union([
    "closeLinear", "loaded",
  ])
  private static let vast42 = vast41.union(["interactiveStart"])

  /// The events of each schema column.
  static let byColumn: [Set<String>] = [vast2, vast3, vast4, vast41, vast42]
  /// Every event some schema has.
  static let known: Set<String> = byColumn.reduce(into: []) { $0.formUnion($1) }

  /// What replaced an event VAST 4 removed.
  static let replacements = [
    "fullscreen": "playerExpand", "exitFullscreen": "playerCollapse", "expand": "adExpand or playerExpand",
    "collapse": "adCollapse or playerCollapse", "acceptInvitationLinear": "acceptInvitation",
    "timeSpentViewing": "progress",
  ]

  /// The first and last columns whose schema has `event`, by event (found once).
  private static let columnRanges: [String: (first: Int, last: Int)] = known.reduce(into: [:]) {
    ranges, event in
    let columns = byColumn.indices.filter { byColumn[$0].contains(event) }
    if let first = columns.first, let last = columns.last { ranges[event] = (first, last) }
  }

  /// The first column whose schema has `event`.
  static func firstColumn(of event: String) -> Int? { columnRanges[event]?.first }
  /// The last column whose schema has `event`.
  static func lastColumn(of event: String) -> Int? { columnRanges[event]?.last }

  /// The Tracking elements of ad creatives (not of a Verification or of VMAP).
  static func trackings(_ scope: DocumentScope) -> [CheckNode] { scope.trackings }
}
