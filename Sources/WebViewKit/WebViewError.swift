/// Why a view could not do what it was asked.
public enum WebViewError: Error, Equatable, CustomStringConvertible {
  /// The engine (Xvfb, the helper, WebKit) could not start or stopped answering.
  case engine(String)
  /// A command got no answer in time (the page loops in JavaScript, or never finishes loading).
  case timeout(String)
  /// The view is closed.
  case closed
  /// Refused by a rule of the host (a screenshot outside the `--screenshots` folder).
  case refused(String)

  public var description: String {
    switch self {
    case .engine(let message): return message
    case .timeout(let message): return message
    case .closed: return "the view is closed"
    case .refused(let message): return message
    }
  }
}
