/// The layout nearly every date-time in a playlist has, `YYYY-MM-DDThh:mm:ss[.fff…]` then `Z` or
/// `±hh:mm`, read at fixed places: one `#EXT-X-PROGRAM-DATE-TIME` per segment of a long live
/// playlist made the general reader's left-to-right walk a share of the read (`adhost-bench hls`).
/// Anything else is `nil` here and left to the general reader, which gives the same seconds for
/// every text read here (`ISO8601LayoutTests`).
enum ISO8601Layout {
  static func seconds(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let count = bytes.count
    // 19 bytes of date and time, then at least a zone: `YYYY-MM-`, `DDThh:mm` and `hh:mm:ss` read
    // as three words (little-endian), each byte a digit or its separator.
    guard count >= 20, let base = bytes.baseAddress,
      let date = fields(
        base.loadUnaligned(as: UInt64.self), expected: 0x2D30_302D_3030_3030,
        separators: 0xFF00_00FF_0000_0000),
      let dayHour = fields(
        base.loadUnaligned(fromByteOffset: 8, as: UInt64.self), expected: 0x3030_3A30_3054_3030,
        separators: 0x0000_FF00_00FF_0000),
      let time = fields(
        base.loadUnaligned(fromByteOffset: 11, as: UInt64.self), expected: 0x3030_3A30_303A_3030,
        separators: 0x0000_FF00_00FF_0000)
    else { return nil }
    let year = date.digit(0) * 1000 + date.digit(1) * 100 + date.digit(2) * 10 + date.digit(3)
    let month = date.digit(5) * 10 + date.digit(6)
    let day = dayHour.digit(0) * 10 + dayHour.digit(1)
    let hour = time.digit(0) * 10 + time.digit(1)
    let minute = time.digit(3) * 10 + time.digit(4)
    let second = time.digit(6) * 10 + time.digit(7)
    var zoneStart = 19
    if bytes[19] == 46 {
      zoneStart = 20
      while zoneStart < count, bytes[zoneStart] >= 48, bytes[zoneStart] <= 57 { zoneStart += 1 }
      guard zoneStart > 20 else { return nil }
    }
    let zone: Int
    if zoneStart == count - 1, bytes[zoneStart] == 90 {
      zone = 0
    } else if zoneStart == count - 6, bytes[zoneStart] == 43 || bytes[zoneStart] == 45,
      bytes[count - 3] == 58,
      let hours = digits(bytes, count - 5, 2), let minutes = digits(bytes, count - 2, 2), hours < 24,
      minutes < 60
    {
      zone = (bytes[zoneStart] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard
      let whole = ISO8601.seconds(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second, zone: zone)
    else { return nil }
    return zoneStart == 19 ? whole : whole + ISO8601.fraction(bytes, from: 20, to: zoneStart)
  }

  /// Eight bytes that are a pattern's (`expected`, little-endian, with "0" for each digit),
  /// each digit any digit and each byte of `separators` (0xFF there) exactly the pattern's: the
  /// digits' values in their bytes (a separator's byte 0); nil for any other byte.
  @inline(__always)
  private static func fields(_ word: UInt64, expected: UInt64, separators: UInt64) -> Fields? {
    // A digit xor "0" is 0-9, a separator xor itself 0; anything else is past 9.
    let value = UInt64(littleEndian: word) ^ expected
    let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    guard value & nibbles == 0, (value &+ 0x0606_0606_0606_0606) & nibbles == 0, value & separators == 0
    else { return nil }
    return Fields(bytes: value)
  }

  /// The bytes of `fields(_:expected:separators:)`.
  private struct Fields {
    let bytes: UInt64

    /// The value of the byte at `index`.
    @inline(__always)
    func digit(_ index: Int) -> Int {
      Int(truncatingIfNeeded: bytes >> UInt64(truncatingIfNeeded: index * 8) & 0xFF)
    }
  }

  /// The decimal number of `count` digits at `start`; `nil` when one is not a digit.
  @inline(__always)
  private static func digits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let digit = Int(truncatingIfNeeded: bytes[index]) &- 48
      guard digit >= 0, digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value
  }
}
