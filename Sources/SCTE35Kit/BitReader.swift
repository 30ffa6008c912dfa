/// Reads big-endian bit fields from bytes, failing with what was being read when they run out.
struct BitReader {
  private let bytes: [UInt8]
  private var bit = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The byte position (bits read, rounded down).
  var byteOffset: Int { bit / 8 }

  /// The bytes left, whole.
  var bytesLeft: Int { bytes.count - (bit + 7) / 8 }

  /// The next `count` (≤ 64) bits as an unsigned number.
  mutating func read(_ count: Int, _ field: String) throws(SCTE35Error) -> UInt64 {
    guard count <= 64, bit + count <= bytes.count * 8 else {
      throw SCTE35Error("the section ends inside \(field) (byte \(bit / 8) of \(bytes.count))")
    }
    // As many bits of each byte at a time as the field has there (a whole byte when aligned).
    var value: UInt64 = 0
    var left = count
    while left > 0 {
      let used = bit % 8
      let taken = min(8 - used, left)
      let byte = UInt64(truncatingIfNeeded: bytes[bit / 8])
      value = value << taken | (byte >> (8 - used - taken) & (1 << taken - 1))
      bit += taken
      left -= taken
    }
    return value
  }

  mutating func flag(_ field: String) throws(SCTE35Error) -> Bool { try read(1, field) == 1 }

  mutating func skip(bits count: Int, _ field: String) throws(SCTE35Error) {
    guard count >= 0, bit + count <= bytes.count * 8 else {
      throw SCTE35Error("the section ends inside \(field) (byte \(bit / 8) of \(bytes.count))")
    }
    bit += count
  }
}

/// Why an SCTE-35 message could not be read.
public struct SCTE35Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the section is broken, or well formed but not decoded.
  public enum Kind: Equatable, Sendable {
    /// The bytes break the format (a CRC_32 that fails, a length that lies, a field cut short).
    case malformed
    /// A well-formed section adhost does not decode (encrypted, or a command it does not read).
    case unsupported
    /// A well-formed command that signals nothing: `splice_null` (a heartbeat) or
    /// `bandwidth_reservation`.
    case noSignal
  }

  /// What was wrong.
  public let message: String
  /// Whether the section is malformed, unsupported or signals nothing.
  public let kind: Kind
  init(_ message: String, kind: Kind = .malformed) {
    self.message = message
    self.kind = kind
  }
  public var description: String { message }
}
