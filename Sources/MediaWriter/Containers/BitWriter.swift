import SCTE35Kit

/// Big-endian bit fields, written; with the Exp-Golomb codes of H.264's headers.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var bits = 0

  mutating func put(_ value: UInt64, _ count: Int) {
    for shift in stride(from: count - 1, through: 0, by: -1) {
      if bits % 8 == 0 { bytes.append(0) }
      let bit = UInt8(truncatingIfNeeded: value >> UInt64(truncatingIfNeeded: shift) & 1)
      bytes[bytes.count - 1] |= bit << UInt8(truncatingIfNeeded: 7 - bits % 8)
      bits += 1
    }
  }

  /// An unsigned Exp-Golomb code, `ue(v)`.
  mutating func unsignedGolomb(_ value: UInt64) {
    let coded = value + 1
    let width = 64 - coded.leadingZeroBitCount
    put(0, width - 1)
    put(coded, width)
  }

  /// A signed Exp-Golomb code, `se(v)`.
  mutating func signedGolomb(_ value: Int64) {
    unsignedGolomb(
      value > 0 ? UInt64(truncatingIfNeeded: 2 * value - 1) : UInt64(truncatingIfNeeded: -2 * value))
  }

  /// `rbsp_trailing_bits`: a 1, then 0s to the byte's end.
  mutating func trailingBits() {
    put(1, 1)
    while bits % 8 != 0 { put(0, 1) }
  }
}

/// PSI section helpers.
public enum PSI {
  /// The CRC_32 of `section` as 4 bytes.
  public static func crcBytes(_ section: [UInt8]) -> [UInt8] {
    let crc = SCTE35Binary.crc32(section)
    return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32(truncatingIfNeeded: $0)) }
  }
}
