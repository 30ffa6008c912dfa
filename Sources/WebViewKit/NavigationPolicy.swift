/// A navigation the page (or a click in it) asked for, waiting for the policy.
public struct NavigationRequest: Sendable, Equatable {
  /// The URL it would load.
  public var url: String
  /// Whether a user gesture (a click, a key) caused it; false for a page that navigates itself.
  public var userGesture: Bool
  /// Whether it asks for a new window (`window.open`, `target="_blank"`).
  public var newWindow: Bool
  /// Whether it loads the view's main frame; nil when the engine does not say. WebKitGTK 4.1's
  /// API asks the policy for subframes' navigations too (an `<iframe>`'s source) and does not
  /// tell them apart from the main frame's, so this is nil except for new windows (false).
  public var mainFrame: Bool?
  /// How it came about: `link`, `form`, `back-forward`, `reload`, `form-resubmit`, `other`.
  public var kind: String
}

/// What the policy decided for a navigation (WKNavigationActionPolicy, plus the guide's
/// "open outside": cancelled in the view and handed to the system, here logged).
public enum NavigationDecision: String, Sendable {
  case allow
  case cancel
  case openOutside = "outside"
}
