import CheckedNumbers

/// The MPD attributes' value types: `xs:duration`, `xs:dateTime`, whole numbers.
extension MPDBuilder {
  mutating func durationAttribute(_ name: MPDAttribute) -> Double? {
    guard let text = attribute(name) else { return nil }
    guard let seconds = XSTime.duration(text) else {
      failAttribute(name, "an xs:duration such as PT30S or PT1H2M3.5S")
      return nil
    }
    return seconds
  }

  mutating func dateAttribute(_ name: MPDAttribute) -> Double? {
    guard let text = attribute(name) else { return nil }
    guard let seconds = XSTime.dateTime(text) else {
      failAttribute(name, "an xs:dateTime such as 2026-11-29T12:00:00Z")
      return nil
    }
    return seconds
  }

  /// A whole number ≥ 0 that fits 64 bits.
  mutating func integerAttribute(_ name: MPDAttribute) -> UInt64? {
    guard let bytes = attributeBytes(name) else { return nil }
    if let value = DecimalText.bareUnsigned(bytes) { return value }
    guard let value = DecimalText.unsigned(String(decoding: bytes, as: UTF8.self)) else {
      failAttribute(name, "a whole number from 0 to \(UInt64.max)")
      return nil
    }
    return value
  }
}

/// Whole numbers in text, read digit by digit with checked arithmetic.
enum DecimalText {
  /// `text` (digits, surrounding spaces allowed) as a number, or nil when it is none or too big.
  static func unsigned(_ text: String) -> UInt64? {
    // A number that starts and ends with a digit has nothing to trim: Foundation's trimming (through
    // NSString) was half of reading a day's SegmentTimeline (`adhost-bench mpd`).
    let bare = text.utf8.first.map(isDigit) == true && text.utf8.last.map(isDigit) == true
    let digits = bare ? text : MPDText.trimmingSpaces(text)
    guard !digits.isEmpty else { return nil }
    var value: UInt64 = 0
    for byte in digits.utf8 {
      guard byte >= 48, byte <= 57,
        let next = value.checkedMultiplying(by: 10)?.checkedAdding(UInt64(truncatingIfNeeded: byte - 48))
      else { return nil }
      value = next
    }
    return value
  }

  /// `bytes` as a number when they are all digits (nothing to trim) and it fits 64 bits, else
  /// nil: the caller then reads them as text (`unsigned`), spaces and all.
  static func bareUnsigned(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !bytes.isEmpty else { return nil }
    // Up to 19 digits cannot overflow 64 bits (10^19 − 1 < 2^64): no checked arithmetic (two
    // numbers per SegmentTimeline `S`).
    if bytes.count <= 19 {
      var value: UInt64 = 0
      for byte in bytes {
        let digit = byte &- 48
        guard digit < 10 else { return nil }
        value = value &* 10 &+ UInt64(truncatingIfNeeded: digit)
      }
      return value
    }
    var value: UInt64 = 0
    for byte in bytes {
      guard isDigit(byte),
        let next = value.checkedMultiplying(by: 10)?.checkedAdding(UInt64(truncatingIfNeeded: byte &- 48))
      else { return nil }
      value = next
    }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
