/// The layout nearly every date-time in a playlist has, `YYYY-MM-DDThh:mm:ss[.fff…]` then `Z` or
/// `±hh:mm`, read at fixed places: one `#EXT-X-PROGRAM-DATE-TIME` per segment of a long live
/// playlist made the general reader's left-to-right walk a share of the read (`adhost-bench hls`).
/// Anything else is `nil` here and left to the general reader, which gives the same seconds for
/// every text read here (`ISO8601LayoutTests`).
enum ISO8601Layout {
  static func seconds(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let count = bytes.count
    // 19 bytes of date and time, then at least a zone.
    guard count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
      let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
      let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2)
    else { return nil }
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
