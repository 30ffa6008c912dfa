/// A playlist that cannot be read, with the line and what was expected there.
public struct HLSParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line, or `nil` when the problem is the playlist as a whole.
  public let line: Int?
  /// What is wrong, and what was expected.
  public let message: String

  /// Creates an error.
  public init(line: Int?, _ message: String) {
    self.line = line
    self.message = message
  }

  /// `line 7: #EXTINF: expected a duration in seconds, found "abc"`.
  public var description: String {
    guard let line else { return message }
    return "line \(line): \(message)"
  }
}
