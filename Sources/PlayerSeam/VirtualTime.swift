import CheckedNumbers

/// Virtual time is counted in whole microseconds so that logs are exact and runs repeatable.
public enum VirtualTime {
  /// Microseconds per second.
  public static let microsPerSecond: Int64 = 1_000_000

  /// Seconds as microseconds, rounded to the nearest; non-finite or negative input gives 0 and
  /// huge input is capped (about 292 000 years).
  public static func micros(_ seconds: Double) -> Int64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let cap = Int64.max / 2
    return Int64.checked(seconds * 1_000_000, rounding: .toNearestOrAwayFromZero, in: 0...cap) ?? cap
  }

  /// Microseconds as seconds.
  public static func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }

  /// Microseconds as exact decimal seconds: `12.25`, `0`, `-0.5`, `3.000001`.
  public static func secondsText(_ micros: Int64) -> String {
    let negative = micros < 0
    let magnitude = micros.magnitude
    let whole = magnitude / 1_000_000
    var fraction = magnitude % 1_000_000
    var text = (negative ? "-" : "") + String(whole)
    if fraction > 0 {
      var digits = 6
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
  }
}
