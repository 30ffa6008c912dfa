/// The value formats of the VAST and VMAP specs, read strictly (as written, no white space
/// allowed around a number).
enum ValueFormats {
  /// A whole number from 1.
  static func positiveInteger(_ text: String) -> Int? {
    guard let number = wholeNumber(text), number >= 1 else { return nil }
    return number
  }

  /// A whole number from 0 (digits only).
  static func wholeNumber(_ text: String) -> Int? {
    text.withUTF8Bytes { digits($0[...]) }
  }

  /// A decimal number, optionally signed (`-1.5`, `200`).
  static func decimal(_ text: String) -> Double? {
    text.withUTF8Bytes { isDecimal($0[...]) } ? Double(text) : nil
  }

  /// `HH:MM:SS` or `HH:MM:SS.mmm`, in seconds (minutes and seconds below 60).
  static func clock(_ text: String) -> Double? {
    // Read on the bytes: every Duration, offset and time attribute goes through here.
    text.withUTF8Bytes { bytes in
      let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard parts.count == 3, let hours = digits(parts[0]), parts[0].count >= 2,
        let minutes = digits(parts[1]),
        parts[1].count == 2, minutes < 60
      else { return nil }
      let secondParts = parts[2].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      guard (1...2).contains(secondParts.count), secondParts[0].count == 2,
        let seconds = digits(secondParts[0]),
        seconds < 60
      else { return nil }
      var fraction = 0.0
      if secondParts.count == 2 {
        let decimals = secondParts[1]
        guard (1...3).contains(decimals.count), let value = digits(decimals) else { return nil }
        // Exact integers divided: the double nearest the decimal, as reading "0.mmm" gives.
        fraction = Double(value) / [10.0, 100.0, 1000.0][decimals.count - 1]
      }
      // Seventeen digits of hours and more overflow in seconds: not a time (it trapped before).
      let (hourSeconds, overflow) = hours.multipliedReportingOverflow(by: 3600)
      let (total, past) = hourSeconds.addingReportingOverflow(minutes * 60 + seconds)
      guard !overflow, !past else { return nil }
      return Double(total) + fraction
    }
  }

  /// `n%` or `n.n%`, the number (not checked against 100).
  static func percent(_ text: String) -> Double? {
    let isPercent = text.withUTF8Bytes { bytes in
      guard let last = bytes.last, last == UInt8(ascii: "%"), let first = bytes.first,
        first != UInt8(ascii: "-"), first != UInt8(ascii: "+")
      else { return false }
      return isDecimal(bytes[..<(bytes.count - 1)])
    }
    return isPercent ? Double(text.dropLast()) : nil
  }

  /// The number its digits write (at most 18, so that it fits), nil for anything else.
  private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value = 0
    for byte in bytes {
      guard ASCIIBytes.isDigit(byte) else { return nil }
      value = value * 10 + Int(truncatingIfNeeded: byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// Whether the bytes are an optionally signed decimal: digits, then at most one `.` and digits.
  private static func isDecimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    var body = bytes
    if let sign = body.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      body = body.dropFirst()
    }
    let parts = body.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !body.isEmpty, body.first != UInt8(ascii: "."),
      parts.allSatisfy({ $0.allSatisfy(ASCIIBytes.isDigit) }), !(parts.count == 2 && parts[1].isEmpty)
    else { return false }
    return true
  }

  /// `true` or `false` (the XSD's xs:boolean also allows `1` and `0`).
  static func isBoolean(_ text: String) -> Bool { ["true", "false", "1", "0"].contains(text) }

  /// A MIME type: `type/subtype`, with parameters allowed (`video/mp4; codecs="…"`).
  static func isMIMEType(_ text: String) -> Bool {
    text.withUTF8Bytes { bytes in
      // Non-ASCII text is read by characters, where a `;` with a combining mark is no `;`.
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return isMIMETypeByCharacters(text) }
      // The first run of bytes without `;` (parameters follow it), trimmed.
      var essence = bytes[...]
      while essence.first == UInt8(ascii: ";") { essence = essence.dropFirst() }
      if let semicolon = essence.firstIndex(of: UInt8(ascii: ";")) { essence = essence[..<semicolon] }
      while let first = essence.first, ASCIIBytes.isSpace(first) { essence = essence.dropFirst() }
      while let last = essence.last, ASCIIBytes.isSpace(last) { essence = essence.dropLast() }
      let parts = essence.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
      let token: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool = { part in
        !part.isEmpty && part.allSatisfy { ASCIIBytes.isAlphanumeric($0) || "!#$&^_.+-".utf8.contains($0) }
      }
      return parts.count == 2 && token(parts[0]) && token(parts[1])
    }
  }

  private static func isMIMETypeByCharacters(_ text: String) -> Bool {
    let essence = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let parts = essence.trimmingWhitespace.split(separator: "/", omittingEmptySubsequences: false)
    let token: (Substring) -> Bool = { part in
      !part.isEmpty
        && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&^_.+-".contains($0)) }
    }
    return parts.count == 2 && token(parts[0]) && token(parts[1])
  }
}
