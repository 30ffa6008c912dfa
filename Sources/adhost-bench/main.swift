import Foundation

/// A benchmark suite: `adhost-bench <name> [--json] [arguments]`.
struct Suite: Sendable {
  let name: String
  let summary: String
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
  ReportBench.suite,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let rest = arguments.filter { $0 != "--json" }

guard let name = rest.first, let suite = suites.first(where: { $0.name == name }) else {
  print("Usage: swift run -c release adhost-bench <suite> [--json] [arguments]\n\nSuites:")
  for suite in suites { print("  \(suite.name)\t\(suite.summary)") }
  exit(rest.first == nil || rest.first == "--help" ? 0 : 64)
}
#if DEBUG
  FileHandle.standardError.write(Data("adhost-bench: a debug build; measure with -c release.\n".utf8))
#endif
do {
  let figures = try suite.run(Array(rest.dropFirst()))
  print(json ? BenchReport.json(suite: suite.name, figures) : BenchReport.text(suite: suite.name, figures))
} catch {
  FileHandle.standardError.write(Data("adhost-bench \(suite.name): \(error)\n".utf8))
  exit(1)
}
