/// Why a segment, or a part of it, could not be read: where (a byte offset in the segment, and the
/// packet or box when there is one) and what was expected.
public struct MediaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the bytes break their format, or are well formed but not read by adhost.
  public enum Kind: String, Equatable, Sendable {
    /// The bytes break their format: a length that lies, a CRC that fails, lost sync, a PTS
    /// jump, a message that cannot be decoded.
    case malformed
    /// Well-formed bytes adhost does not read (an encrypted SCTE-35 section, a compressed ID3
    /// frame, metadata in another format than ID3, tags between MP3 frames).
    case unsupported
  }

  /// The byte offset in the segment where the problem was found.
  public let offset: Int
  /// What was wrong, and what was expected instead.
  public let message: String
  /// Whether the bytes are malformed or only not read.
  public let kind: Kind

  /// A problem at `offset`.
  public init(at offset: Int, _ message: String, kind: Kind = .malformed) {
    self.offset = offset
    self.message = message
    self.kind = kind
  }

  /// The same problem told at `offset` with `message` (an inner reader's error, placed in the
  /// segment by its caller).
  func retold(at offset: Int, _ message: String) -> MediaError {
    MediaError(at: offset, message, kind: kind)
  }

  public var description: String { "byte \(offset): \(message)" }
}
