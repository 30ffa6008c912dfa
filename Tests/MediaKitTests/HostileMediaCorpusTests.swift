import Foundation
import MediaFixtures
import MediaKit
import MediaWriter
import Testing

/// Every hostile segment in Tests/Fixtures/hostile-inputs/media reads to a clear error or to
/// issues, never a crash or a hang, and to the outcome its row in that folder's expected.json
/// says. `ADHOST_UPDATE_CORPUS=1` writes the inputs (HostileMedia) and the table again.
@Suite struct HostileMediaCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/hostile-inputs/media")

  /// An outcome as one line: the error, or the items' and issues' counts and the first issue.
  static func outcome(_ bytes: [UInt8]) -> String {
    do {
      let scan = try MediaReader.scan(bytes)
      let first = scan.issues.first.map { "; first issue (\($0.kind.rawValue)): \($0)" } ?? ""
      return "\(scan.container.rawValue): \(scan.items.count) items, \(scan.issues.count) issues\(first)"
    } catch {
      return "error: \(error)"
    }
  }

  @Test func everyInputHasItsOutcome() throws {
    let table = Self.folder.appendingPathComponent("expected.json")
    if ProcessInfo.processInfo.environment["ADHOST_UPDATE_CORPUS"] == "1" {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      var expected: [String: String] = [:]
      for (name, bytes) in HostileMedia.inputs() {
        try Data(bytes).write(to: Self.folder.appendingPathComponent(name))
        expected[name] = Self.outcome(bytes)
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try encoder.encode(expected).write(to: table)
    }
    let expected = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: table))
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
      $0 != "expected.json"
    }
    #expect(Set(files) == Set(expected.keys))
    for name in files.sorted() {
      let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
      #expect(Self.outcome(bytes) == expected[name], "\(name)")
      // Trimming never fails either, and a trimmed input reads without a crash.
      _ = Self.outcome(SegmentTrimmer.trim(bytes))
    }
  }

  /// Every hostile input seeds the media fuzz target too (docs/fuzzing.md "The corpus").
  @Test func everyInputSeedsTheFuzzCorpus() throws {
    let corpus = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzzing/corpus/media")
    let seeds = try Set(
      FileManager.default.contentsOfDirectory(atPath: corpus.path).map {
        try Data(contentsOf: corpus.appendingPathComponent($0))
      })
    for (name, bytes) in HostileMedia.inputs() {
      #expect(seeds.contains(Data(bytes)), "\(name) is not in Fuzzing/corpus/media")
    }
  }

  /// The committed inputs are the ones HostileMedia writes.
  @Test func committedInputsAreTheGeneratedOnes() throws {
    for (name, bytes) in HostileMedia.inputs() {
      #expect([UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name))) == bytes, "\(name)")
    }
  }
}
