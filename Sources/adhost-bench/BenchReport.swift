import Foundation
import OutsideText

/// One printed figure: a count or a measurement.
enum BenchValue: Sendable {
  case integer(Int)
  case number(Double)
  case text(String)
  /// Objects of figures (one per folder, say): a JSON array.
  indirect case list([[(key: String, value: BenchValue)]])

  var json: String {
    switch self {
    case .integer(let value): return String(value)
    case .number(let value): return value.isFinite ? String(format: "%.3f", value) : "null"
    case .text(let value): return Self.quoted(value)
    case .list(let objects): return "[" + objects.map(BenchReport.object).joined(separator: ",") + "]"
    }
  }

  /// `text` as a JSON string, escaped as every `--json` of adhost is (OutsideText's writer).
  static func quoted(_ text: String) -> String {
    var result = ""
    JSONWriter.writeString(text, to: &result)
    return result
  }

  /// How the text report shows it: a list one object a line, `key=value`, below its key.
  var text: String {
    guard case .list(let objects) = self else { return json }
    return objects.map { object in
      "\n  " + object.map { "\($0.key)=\($0.value.json)" }.joined(separator: " ")
    }.joined()
  }
}

/// Prints a suite's figures as one JSON object or as aligned lines.
enum BenchReport {
  static func json(suite: String, _ figures: [(key: String, value: BenchValue)]) -> String {
    object([(key: "suite", value: BenchValue.text(suite))] + figures)
  }

  /// Figures as one JSON object, in order.
  static func object(_ figures: [(key: String, value: BenchValue)]) -> String {
    "{" + figures.map { BenchValue.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
  }

  static func text(suite: String, _ figures: [(key: String, value: BenchValue)]) -> String {
    let width = figures.map(\.key.count).max() ?? 0
    let lines = figures.map { figure in
      figure.key + String(repeating: " ", count: width - figure.key.count + 2) + figure.value.text
    }
    return "suite \(suite)\n" + lines.joined(separator: "\n")
  }
}

/// Wall-clock seconds from a monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
