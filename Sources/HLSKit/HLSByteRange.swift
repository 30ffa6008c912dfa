import Foundation

/// A sub-range of a resource (`#EXT-X-BYTERANGE`, a `#EXT-X-MAP`'s `BYTERANGE`): `length` bytes
/// from `offset`.
public struct HLSByteRange: Equatable, Sendable {
  /// The first byte.
  public var offset: Int
  /// How many bytes.
  public var length: Int

  /// A range of `length` bytes from `offset`.
  public init(offset: Int, length: Int) {
    self.offset = offset
    self.length = length
  }

  /// The HTTP `Range` header value: `bytes=first-last`.
  public var rangeHeader: String { "bytes=\(offset)-\(offset + length - 1)" }

  /// The most a range's offset plus length may reach (1 TiB): beyond, a playlist is lying.
  static let maxEnd = 1 << 40

  /// Reads `<length>[@<offset>]` (RFC 8216 4.4.4.2); without an offset, `following` gives it
  /// (the end of the previous sub-range of the same resource), else the tag is an error.
  static func parse(_ text: Substring, following: Int?, tag: String, line: Int) throws(HLSParseError)
    -> HLSByteRange
  {
    // Split at "@" bytes: a part holding anything but a sign and digits is no number either way,
    // so the bytes split as the Characters would for every input that reads.
    let trimmed = HLSNumbers.visibleASCIIEnds(text) ? text : Substring(text.trimmingWhitespaces)
    let parts = trimmed.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
    var expected: String { "\(tag): expected <length>[@<offset>] in bytes, found \"\(text.prefix(40))\"" }
    guard parts.count <= 2, let length = HLSNumbers.integer(parts[0]), length > 0, length <= maxEnd else {
      throw HLSParseError(line: line, expected)
    }
    var offset: Int
    if parts.count == 2 {
      guard let given = HLSNumbers.integer(parts[1]), given >= 0, given <= maxEnd else {
        throw HLSParseError(line: line, expected)
      }
      offset = given
    } else {
      guard let following else {
        throw HLSParseError(
          line: line, "\(tag): expected an @offset, since no sub-range of the same URI comes before it")
      }
      offset = following
    }
    guard offset + length <= maxEnd else { throw HLSParseError(line: line, expected) }
    return HLSByteRange(offset: offset, length: length)
  }
}

/// An `#EXT-X-MAP`: the initialization section (an fMP4 init segment) of the segments after it.
public struct HLSMap: Equatable, Sendable {
  /// Its URL, resolved.
  public var url: URL
  /// Its `BYTERANGE`, if any.
  public var byteRange: HLSByteRange?

  /// A map at `url`.
  public init(url: URL, byteRange: HLSByteRange?) {
    self.url = url
    self.byteRange = byteRange
  }
}
