/// Why a segment, or a part of it, could not be read: where (a byte offset in the segment, and the
/// packet or box when there is one) and what was expected.
public struct MediaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset in the segment where the problem was found.
  public let offset: Int
  /// What was wrong, and what was expected instead.
  public let message: String

  /// A problem at `offset`.
  public init(at offset: Int, _ message: String) {
    self.offset = offset
    self.message = message
  }

  public var description: String { "byte \(offset): \(message)" }
}
