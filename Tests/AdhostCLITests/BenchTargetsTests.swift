import Foundation
import TestFiles
import Testing

/// Every target of `Sources/adhost-bench/targets.json` names a figure its suite prints, as
/// `adhost-bench --list-figures` lists them — without running a benchmark (docs/benchmarks.md:
/// the figures are compared with the targets by `adhost-bench SUITE --check`, for people and
/// release checks, not here).
@Suite struct BenchTargetsTests {
  /// `adhost-bench`, built beside `adhost`.
  static let benchExecutable = URL(fileURLWithPath: builtAdhost).deletingLastPathComponent()
    .appendingPathComponent("adhost-bench")

  /// `adhost-bench --list-figures`: its exit code, its `SUITE FIGURE` lines and its errors.
  static func listing() throws -> (code: Int32, figures: Set<String>, errors: String) {
    let process = Process()
    process.executableURL = benchExecutable
    process.arguments = ["--list-figures"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, Set(printed.split(separator: "\n").map(String.init)), said)
  }

  /// targets.json's targets as `SUITE FIGURE`, each with one bound and a reason.
  static func targets() throws -> [String] {
    let url = repositoryRoot.appendingPathComponent("Sources/adhost-bench/targets.json")
    let top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let list = try #require(top["targets"] as? [[String: Any]])
    return try list.map { target in
      #expect((target["atMost"] == nil) != (target["atLeast"] == nil), "\(target)")
      #expect(target["why"] is String, "\(target)")
      let suite = try #require(target["suite"] as? String)
      let figure = try #require(target["figure"] as? String)
      return "\(suite) \(figure)"
    }
  }

  @Test func everyTargetNamesAFigureItsSuitePrints() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.benchExecutable.path),
      "\(Self.benchExecutable.path): build adhost-bench (swift build --build-tests builds it)")
    let listing = try Self.listing()
    #expect(listing.code == 0, "\(listing.errors)")
    #expect(listing.figures.contains("lua ratio") && listing.figures.contains("media vod_ratio"))
    let targets = try Self.targets()
    #expect(targets.count >= 20)
    let strays = targets.filter { !listing.figures.contains($0) }
    #expect(strays.isEmpty, "targets.json names figures no suite prints: \(strays)")
  }
}
