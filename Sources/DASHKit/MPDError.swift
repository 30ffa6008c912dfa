/// Why an MPD could not be read: where (line and element path) and what was expected.
public struct MPDError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message, e.g. `line 4: MPD/Period[2]@start: expected an xs:duration such as PT30S, got "soon"`.
  public let message: String

  /// An error with a message.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
