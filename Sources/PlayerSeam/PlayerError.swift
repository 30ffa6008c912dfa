/// A player-level failure with a THEOplayer error code; `prepareContent` may fail with one.
public struct PlayerError: Error, Equatable, CustomStringConvertible {
  /// The code of a content that could not be prepared when no code is given (THEOplayer's
  /// MANIFEST_LOAD_ERROR).
  public static let contentLoadErrorCode = 4000

  /// What went wrong.
  public let message: String
  /// The error code.
  public let code: Int

  /// Creates an error.
  public init(_ message: String, code: Int) {
    self.message = message
    self.code = code
  }

  /// The message.
  public var description: String { message }
}
