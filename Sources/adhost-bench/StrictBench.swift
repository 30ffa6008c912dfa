import AdCheck
import AdPlayer

/// `adhost-bench strict`: the strict checker (`StrictRules.check`) over the log of the timeline
/// suite's 24 h live run, already in memory, against the log of its first hour, in alternating
/// rounds: `ratio_24h_1h` is 24 when the checks are linear in the log's size.
enum StrictBench {
  static var suite: Suite {
    Suite(
      name: "strict", summary: "the strict checker on a 24 h live run's log vs a 1 h log (entries/s, ratio)",
      figures: [
        "entries_1h", "entries_24h", "violations_1h", "violations_24h", "check_1h_ms", "check_24h_ms",
        "entries_per_s", "entries_per_cpu_s", "ratio_24h_1h",
      ],
      run: run)
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    guard arguments.isEmpty else { throw BenchError("expected no arguments") }
    let day = try TimelineBench.record(seconds: 24 * 3600).map(\.entry)
    let hour = try TimelineBench.record(seconds: 3600).map(\.entry)
    let dayViolations = StrictRules.check(day).count
    let hourViolations = StrictRules.check(hour).count
    var checked = 0
    let times = pairedRounds(seconds: 6, minimumRounds: 5, warmUp: 1) {
      checked &+= StrictRules.check(day).count
    } bare: {
      checked &+= StrictRules.check(hour).count
    }
    return [
      ("entries_1h", .integer(hour.count)),
      ("entries_24h", .integer(day.count)),
      ("violations_1h", .integer(hourViolations)),
      ("violations_24h", .integer(dayViolations)),
      ("check_1h_ms", .number(times.bare * 1000)),
      ("check_24h_ms", .number(times.model * 1000)),
      ("entries_per_s", .number(Double(day.count) / times.model)),
      ("entries_per_cpu_s", .number(Double(day.count) / times.modelCPU)),
      ("ratio_24h_1h", .number(times.model / times.bare)),
    ]
  }
}
