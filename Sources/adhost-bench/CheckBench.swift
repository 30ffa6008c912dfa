import Foundation
import VASTKit
import VASTRules

/// `adhost-bench check [files…]`: documents per second for `adhost check`'s whole catalogue,
/// beside VASTKit's parse of the same documents into the model (what `adhost vast` and a run
/// do) and beside the checker's own positioned read alone; the cost ratio is check ÷ parse.
enum CheckBench {
  static var suite: Suite {
    Suite(
      name: "check",
      summary: "adhost check's whole catalogue vs the VAST/VMAP parse alone (docs/s, cost ratio)",
      figures: [
        "document_set", "docs", "findings", "check_docs_per_s", "parse_docs_per_s", "read_docs_per_s",
        "cost_ratio", "read_share",
      ],
      run: run)
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let (set, paths) = arguments.isEmpty ? try defaultDocuments() : ("arguments", arguments)
    let documents = try paths.map { path in
      do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        throw VASTBench.BenchError(description: "cannot read \(path): \(error.localizedDescription)")
      }
    }
    guard !documents.isEmpty else { throw VASTBench.BenchError(description: "no documents to check") }
    let bytes = documents.map { Array($0) }
    let isVMAP = documents.map(VMAPParser.isVMAP)
    let checker = DocumentChecker()
    let parser = VASTParser()
    let vmapParser = VMAPParser()
    let findings = zip(bytes, paths).reduce(0) { $0 + checker.check($1.0, source: $1.1).count }
    let times = rounds(seconds: 4, minimumRounds: 10) {
      for document in bytes { _ = checker.check(document, source: "bench.xml") }
    } parse: {
      for (document, vmap) in zip(documents, isVMAP) {
        _ = vmap ? (try? vmapParser.parse(document)) != nil : (try? parser.parse(document)) != nil
      }
    } read: {
      for document in bytes { _ = DocumentChecker.reads(document) }
    }
    let count = Double(documents.count)
    return [
      ("document_set", .text(set)), ("docs", .integer(documents.count)), ("findings", .integer(findings)),
      ("check_docs_per_s", .number(count / times.check)), ("parse_docs_per_s", .number(count / times.parse)),
      ("read_docs_per_s", .number(count / times.read)), ("cost_ratio", .number(times.check / times.parse)),
      ("read_share", .number(times.read / times.check)),
    ]
  }

  /// The median seconds of one round of each, in alternating rounds (the same machine
  /// conditions for all three), after warm-up rounds.
  private static func rounds(
    seconds: Double, minimumRounds: Int, check: () -> Void, parse: () -> Void, read: () -> Void
  ) -> (check: Double, parse: Double, read: Double) {
    for _ in 0..<5 {
      check()
      parse()
      read()
    }
    var times: ([Double], [Double], [Double]) = ([], [], [])
    let start = monotonicSeconds()
    while monotonicSeconds() - start < seconds || times.0.count < minimumRounds {
      let t0 = monotonicSeconds()
      check()
      let t1 = monotonicSeconds()
      parse()
      let t2 = monotonicSeconds()
      read()
      let t3 = monotonicSeconds()
      times.0.append(t1 - t0)
      times.1.append(t2 - t1)
      times.2.append(t3 - t2)
    }
    let median = TimelineBench.median
    return (median(times.0), median(times.1), median(times.2))
  }

  /// The shared VAST samples (as `adhost-bench vast` finds them), else the checkout's own VAST
  /// and VMAP files under `examples/` and `Tests/Fixtures/`.
  static func defaultDocuments() throws -> (String, [String]) {
    if let samples = try? VASTBench.defaultFiles() { return ("vast-samples", samples) }
    var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    for _ in 0..<8 {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        let files = ["examples", "Tests/Fixtures"].flatMap {
          xmlDocuments(under: folder.appendingPathComponent($0))
        }
        return ("fixtures", files)
      }
      folder.deleteLastPathComponent()
    }
    throw VASTBench.BenchError(
      description:
        "neither ../shared/vast-samples nor a checkout (Package.swift) found from the current folder")
  }

  /// The XML files under `folder` whose text has a VAST or VMAP root element.
  private static func xmlDocuments(under folder: URL) -> [String] {
    let found = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return found.filter { $0.hasSuffix(".xml") }.sorted().map { folder.appendingPathComponent($0).path }
      .filter {
        guard let text = try? String(contentsOfFile: $0, encoding: .utf8) else { return false }
        return text.contains("<VAST") || text.contains("VMAP")
      }
  }
}
