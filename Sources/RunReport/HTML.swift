import CheckedNumbers
import PlayerSeam

/// Text made safe for HTML and SVG, and the numbers and times the page writes.
enum HTML {
  /// Text escaped for an element's content or a quoted attribute's value.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  /// A coordinate with at most one decimal (`12.5`, `300`).
  static func coordinate(_ value: Double) -> String {
    guard
      let whole = Int64.checked(
        value * 10, rounding: .toNearestOrAwayFromZero, in: -999_999_999_999_999...999_999_999_999_999)
    else { return "0" }
    return whole % 10 == 0 ? String(whole / 10) : String(Double(whole) / 10)
  }

  /// Seconds as the log writes them (`12.25 s`).
  static func seconds(_ value: Double) -> String { VirtualTime.secondsText(VirtualTime.micros(value)) + " s" }

  /// A clock time for the axis: `0:45`, `12:05`, `3:02:00`.
  static func clock(_ value: Double) -> String {
    // A time past the one-week content limit (or not finite) is no time a run can reach.
    guard
      let total = Int.checked(value, rounding: .toNearestOrAwayFromZero, in: -2_147_483_647...2_147_483_647)
    else { return "?" }
    let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60)
    let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
  }
}
