import Foundation
import Testing

/// The shared VAST sample folder: `../shared/vast-samples` beside the repository checkout, when
/// there is one (a clone elsewhere has none). Tests that read it carry `.sharedSamples`: they run
/// when the folder is there and are skipped otherwise; every behaviour they check is also checked
/// on the repository's own fixtures (`TestFixtures`, `Fixtures/authored`).
enum Samples {
  static let folder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VASTKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the checkout
    .deletingLastPathComponent()
    .appendingPathComponent("shared/vast-samples")

  static var isPresent: Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path)
  }

  /// The reason a shared-sample test gives when it is skipped; `scripts/test.sh` counts the skips
  /// by this text.
  static let skipReason = "shared-sample test: no ../shared/vast-samples beside the checkout"

  /// A sample's URL by path relative to the folder.
  static func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

  /// A sample's bytes.
  static func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

  /// Every sample XML file (relative paths), `xsd/` excluded, sorted.
  static var all: [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasSuffix(".xml") && !path.hasPrefix("xsd/") { paths.append(path) }
    }
    return paths.sorted()
  }

  /// The IAB code the READMEs name for a sample that must fail to parse; nil when it parses.
  static func expectedParseFailure(_ path: String) -> Int? {
    let name = (path as NSString).lastPathComponent
    if name.hasPrefix("vast1") || name == "outdated-vast.xml" { return 102 }  // VAST 1.0 root
    switch path {
    case "vast-client-js/invalid-xmlfile.xml", "authored/errors/malformed-truncated.xml": return 100
    case "authored/errors/unsupported-version-5.0.xml": return 102
    default: return nil
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test that reads `../shared/vast-samples` only when that folder is there.
  static var sharedSamples: Self { .enabled(if: Samples.isPresent, Comment(rawValue: Samples.skipReason)) }
}
