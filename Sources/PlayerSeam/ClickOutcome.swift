/// What a scripted click lands on.
public enum ClickTarget: String, Equatable, Sendable, CaseIterable {
  /// The playing ad itself (its `ClickTracking`, or a non-linear ad's).
  case ad
  /// The icon the playing ad shows now (`IconClickTracking`).
  case icon
  /// The playing ad's first companion shown (`CompanionClickTracking`).
  case companion
}

/// What a scripted click did: the page it opens, or why nothing was clicked.
public struct ClickOutcome: Equatable, Sendable {
  /// Where the click leads, when known.
  public var clickThrough: String?
  /// Why nothing was clicked (`no icon showing`); nil when something was.
  public var refused: String?

  /// An outcome.
  public init(clickThrough: String? = nil, refused: String? = nil) {
    self.clickThrough = clickThrough
    self.refused = refused
  }
}
