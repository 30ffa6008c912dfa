import CheckedNumbers
import LuaKit

/// Numbers read from a plugin's options table (`http.get(url, {timeout = …})`,
/// `vast.selectMedia(ad, {width = …})`): absent is nil; anything else must be in range, or the call
/// fails naming the function, the option and the value (`got inf`, never a trap or a silent default).
extension LuaValue {
  /// `self[name]` as seconds above 0 and at most `maximum`.
  func seconds(_ name: String, of function: String, atMost maximum: Double) throws(ArgumentError) -> Double? {
    let value = self[name]
    if value.isNil { return nil }
    guard let seconds = value.numberValue, seconds > 0, seconds <= maximum else {
      throw ArgumentError(
        "\(function): opts.\(name) must be a number of seconds above 0 and at most "
          + "\(CheckedNumbers.describe(maximum)), got \(value.shownInErrors)")
    }
    return seconds
  }

  /// `self[name]` as a whole number in `range` (fractions rounded to the nearest).
  func whole(_ name: String, of function: String, in range: ClosedRange<Int>) throws(ArgumentError) -> Int? {
    let value = self[name]
    if value.isNil { return nil }
    guard let number = value.numberValue,
      let whole = Int.checked(number, rounding: .toNearestOrAwayFromZero, in: range)
    else {
      throw ArgumentError(
        "\(function): opts.\(name) must be a number from \(range.lowerBound) to \(range.upperBound), "
          + "got \(value.shownInErrors)")
    }
    return whole
  }
}
