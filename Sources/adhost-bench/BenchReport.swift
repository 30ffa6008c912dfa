import Foundation

/// One printed figure: a count or a measurement.
enum BenchValue {
  case integer(Int)
  case number(Double)
  case text(String)

  var json: String {
    switch self {
    case .integer(let value): return String(value)
    case .number(let value): return String(format: "%.3f", value)
    case .text(let value): return "\"\(value)\""
    }
  }
}

/// Prints a suite's figures as one JSON object or as aligned lines.
enum BenchReport {
  static func json(suite: String, _ figures: [(key: String, value: BenchValue)]) -> String {
    let fields = [("suite", BenchValue.text(suite))] + figures.map { ($0.key, $0.value) }
    return "{" + fields.map { "\"\($0.0)\":\($0.1.json)" }.joined(separator: ",") + "}"
  }

  static func text(suite: String, _ figures: [(key: String, value: BenchValue)]) -> String {
    let width = figures.map(\.key.count).max() ?? 0
    let lines = figures.map { figure in
      figure.key + String(repeating: " ", count: width - figure.key.count + 2) + figure.value.json
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
