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
    guard !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(text)
  }

  /// A decimal number, optionally signed (`-1.5`, `200`).
  static func decimal(_ text: String) -> Double? {
    let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !body.isEmpty, !body.hasPrefix("."),
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), !(parts.count == 2 && parts[1].isEmpty)
    else { return nil }
    return Double(text)
  }

  /// `HH:MM:SS` or `HH:MM:SS.mmm`, in seconds (minutes and seconds below 60).
  static func clock(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = wholeNumber(String(parts[0])), parts[0].count >= 2,
      let minutes = wholeNumber(String(parts[1])), parts[1].count == 2, minutes < 60
    else { return nil }
    let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(secondParts.count), secondParts[0].count == 2,
      let seconds = wholeNumber(String(secondParts[0])), seconds < 60
    else { return nil }
    var fraction = 0.0
    if secondParts.count == 2 {
      guard (1...3).contains(secondParts[1].count), wholeNumber(String(secondParts[1])) != nil,
        let value = Double("0." + String(secondParts[1]))
      else { return nil }
      fraction = value
    }
    return Double(hours * 3600 + minutes * 60 + seconds) + fraction
  }

  /// `n%` or `n.n%`, the number (not checked against 100).
  static func percent(_ text: String) -> Double? {
    guard text.hasSuffix("%") else { return nil }
    let number = String(text.dropLast())
    guard let value = decimal(number), !number.hasPrefix("-"), !number.hasPrefix("+") else { return nil }
    return value
  }

  /// `true` or `false` (the XSD's xs:boolean also allows `1` and `0`).
  static func isBoolean(_ text: String) -> Bool { ["true", "false", "1", "0"].contains(text) }

  /// A MIME type: `type/subtype`, with parameters allowed (`video/mp4; codecs="…"`).
  static func isMIMEType(_ text: String) -> Bool {
    let essence = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let parts = essence.trimmingWhitespace.split(separator: "/", omittingEmptySubsequences: false)
    let token: (Substring) -> Bool = { part in
      !part.isEmpty
        && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&^_.+-".contains($0)) }
    }
    return parts.count == 2 && token(parts[0]) && token(parts[1])
  }
}
