/// Numbers read from a tag's bytes, without a `String` or Foundation in between.
enum HLSNumbers {
  /// Whether the first and last bytes are visible ASCII (so there is no whitespace to trim).
  static func visibleASCIIEnds(_ text: Substring) -> Bool {
    guard let first = text.utf8.first, let last = text.utf8.last else { return false }
    return first >= 0x21 && first <= 0x7E && last >= 0x21 && last <= 0x7E
  }

  /// `Int(text)` read from the bytes: an optional `+` or `-`, then decimal digits; `nil` when
  /// anything else is there or the value is beyond `Int`.
  static func integer<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
    var index = bytes.startIndex
    guard index < bytes.endIndex else { return nil }
    var negative = false
    if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index = bytes.index(after: index)
      guard index < bytes.endIndex else { return nil }
    }
    var value = 0
    while index < bytes.endIndex {
      let digit = Int(truncatingIfNeeded: bytes[index]) - 0x30
      guard digit >= 0, digit <= 9 else { return nil }
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflowTimes, !overflowSum else { return nil }
      value = sum
      index = bytes.index(after: index)
    }
    return value
  }

  /// `integer` of a run's bytes: digits after an optional sign, at most 18 of them (so no
  /// overflow); any other text goes to `integer` over the same bytes.
  static func integer(_ text: HLSBytes) -> Int? {
    var index = 0
    var negative = false
    if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
      negative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < text.count, text.count - index <= 18 else { return integer(text.buffer) }
    var value = 0
    while index < text.count {
      let digit = Int(truncatingIfNeeded: text[index]) &- 0x30
      guard digit >= 0, digit <= 9 else { return nil }
      value = value &* 10 &+ digit
      index += 1
    }
    return negative ? -value : value
  }

  /// Seconds written as digits with at most one `.` (a digit on each side of it), no spaces,
  /// at most 15 digits and at most 22 after the point: read exactly as `Double(text)` reads
  /// them (the digits as a whole number below 2^53 and a power of ten up to 10^22 are both exact
  /// in a `Double`, so one division rounds once, correctly). `nil` for anything else, which the
  /// caller reads the general way.
  static func plainSeconds(_ text: Substring) -> Double? {
    var text = text
    return text.withUTF8 { plainSeconds(HLSBytes(UnsafeRawBufferPointer($0))) }
  }

  /// `plainSeconds` of bytes: one test a byte for a digit, the point's place kept (at most 15
  /// digits and one point make at most 16 bytes, so anything longer is not plain).
  static func plainSeconds(_ text: HLSBytes) -> Double? {
    guard let base = text.buffer.baseAddress else { return nil }
    return plainSeconds(base, count: text.count, upTo: nil)?.seconds
  }

  /// `#EXTINF`'s `<duration>[,<title>]`: `plainSeconds` of the bytes before the first comma (or
  /// of all of them), found in the same walk; `nil` when `plainSeconds` of them is.
  static func plainDuration(_ value: HLSBytes) -> Double? {
    guard let base = value.buffer.baseAddress else { return nil }
    return plainSeconds(base, count: value.count, upTo: UInt8(ascii: ","))?.seconds
  }

  /// The walk of `plainSeconds`, over at most 16 of the `count` bytes from `base` and up to the
  /// first `terminator` if given (then the run must end at it or at `count`). Every load is at an
  /// index below `count`.
  @inline(__always)
  private static func plainSeconds(_ base: UnsafeRawPointer, count: Int, upTo terminator: UInt8?)
    -> (seconds: Double, end: Int)?
  {
    var mantissa = 0
    var point = -1
    var index = 0
    while index < count {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      let digit = byte &- 0x30
      if digit < 10 {
        mantissa = mantissa &* 10 &+ Int(truncatingIfNeeded: digit)
      } else if byte == UInt8(ascii: "."), point < 0, index > 0 {
        point = index
      } else if let terminator, byte == terminator {
        break
      } else {
        return nil
      }
      index += 1
      guard index <= 16 else { return nil }
    }
    // Something read, a digit after the point, at most 15 digits.
    guard index > 0, point != index - 1, index - (point < 0 ? 0 : 1) <= 15 else { return nil }
    return (Double(mantissa) / powerOfTen(point < 0 ? 0 : index - 1 - point), index)
  }

  /// 10^`power` for a power from 0 to 14 (the most digits after a point `plainSeconds` reads),
  /// each exact in a `Double`; a table in the code, where a static array was a `swift_once` check
  /// per read.
  @inline(__always)
  private static func powerOfTen(_ power: Int) -> Double {
    switch power {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    default: 1e14
    }
  }
}
