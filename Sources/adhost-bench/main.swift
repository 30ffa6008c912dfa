import Foundation

/// A benchmark suite: `adhost-bench <name> [--json] [--check] [arguments]`.
struct Suite: Sendable {
  let name: String
  let summary: String
  /// Every figure the suite may print, by name: what `--list-figures` lists and targets.json's
  /// targets may name. A run that prints another stops with an error.
  let figures: [String]
  /// Runs the suite and returns the figures to print, in order.
  let run: @Sendable (_ arguments: [String]) throws -> [(key: String, value: BenchValue)]
}

let suites: [Suite] = [
  luaSuite,
  timelineSuite,
  VASTBench.suite,
  TestBench.suite,
  ScaleBench.suite,
  MediaBench.suite,
  HLSBench.suite,
  MPDBench.suite,
  StrictBench.suite,
  CheckBench.suite,
  ReportBench.suite,
  EngineBench.suite,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let checksTargets = arguments.contains("--check")
let rest = arguments.filter { $0 != "--json" && $0 != "--check" }

if rest == ["--list-figures"] {
  for suite in suites { for figure in suite.figures { print(suite.name, figure) } }
  do {
    let strays = try BenchTarget.load().filter { target in
      suites.first { $0.name == target.suite }?.figures.contains(target.figure) != true
    }
    for stray in strays {
      FileHandle.standardError.write(
        Data(
          "adhost-bench: targets.json names \(stray.suite) \(stray.figure), which that suite does not print\n"
            .utf8))
    }
    exit(strays.isEmpty ? 0 : 1)
  } catch {
    FileHandle.standardError.write(Data("adhost-bench: \(error)\n".utf8))
    exit(1)
  }
}
guard let name = rest.first, let suite = suites.first(where: { $0.name == name }) else {
  print(
    """
    Usage: swift run -c release adhost-bench <suite> [--json] [--check] [arguments]
           adhost-bench --list-figures

    --check compares the run's figures with the suite's targets (targets.json, docs/benchmarks.md)
    and exits 1 when one is missed. --list-figures prints each suite's figures, one 'SUITE FIGURE' a line.

    Suites:
    """)
  for suite in suites { print("  \(suite.name)\t\(suite.summary)") }
  exit(rest.first == nil || rest.first == "--help" ? 0 : 64)
}
#if DEBUG
  FileHandle.standardError.write(Data("adhost-bench: a debug build; measure with -c release.\n".utf8))
#endif
do {
  let targets = checksTargets ? try BenchTarget.load().filter { $0.suite == suite.name } : []
  let figures = try suite.run(Array(rest.dropFirst()))
  if let stray = figures.first(where: { !suite.figures.contains($0.key) }) {
    throw BenchTarget.Problem(
      "printed figure \(stray.key), which the suite's figures do not list (Suite.figures)")
  }
  print(json ? BenchReport.json(suite: suite.name, figures) : BenchReport.text(suite: suite.name, figures))
  if checksTargets {
    let verdicts = targets.map { $0.verdict(figures) }
    // With --json, standard output stays the one JSON object a program reads.
    let lines = verdicts.map(\.line).joined(separator: "\n")
    let missed = verdicts.filter(\.missed).count
    let summary = "adhost-bench \(suite.name) --check: \(missed) of \(verdicts.count) targets missed"
    if json {
      FileHandle.standardError.write(Data((lines + "\n" + summary + "\n").utf8))
    } else {
      print(lines + "\n" + summary)
    }
    if missed > 0 { exit(1) }
  }
} catch {
  FileHandle.standardError.write(Data("adhost-bench \(suite.name): \(error)\n".utf8))
  exit(1)
}
