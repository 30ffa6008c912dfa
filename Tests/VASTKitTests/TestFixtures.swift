import Foundation

/// The fixture files in `Tests/VASTKitTests/Fixtures` (see its README): documents written for
/// the tests (`authored/`) and a few copies of third-party samples.
enum TestFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A fixture's URL.
  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// A fixture's bytes.
  static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

  /// Every VAST document among the fixtures (relative paths, sorted); VMAP documents excluded.
  static var vastDocuments: [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var paths: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.hasSuffix(".xml") && !(path as NSString).lastPathComponent.hasPrefix("vmap") {
        paths.append(path)
      }
    }
    return paths.sorted()
  }

  /// The IAB code a fixture must fail to parse with (its comment says so); nil when it parses.
  static func expectedParseFailure(_ path: String) -> Int? {
    switch path {
    case "authored/errors/malformed-truncated.xml", "authored/errors/not-xml.xml": return 100
    case "authored/errors/unsupported-version.xml", "authored/errors/vast1-root.xml": return 102
    default: return nil
    }
  }

  /// A fixture's text.
  static func text(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
  }

  /// A fixture's text with every `http(s)://…example…` host replaced by `base` (the loopback
  /// server), so that its beacons reach the test.
  static func text(_ name: String, hostsTo base: String) throws -> String {
    let pattern = try NSRegularExpression(pattern: #"https?://[A-Za-z0-9.-]*example(\.[a-z]+)?"#)
    let source = try text(name)
    let range = NSRange(source.startIndex..., in: source)
    return pattern.stringByReplacingMatches(in: source, range: range, withTemplate: base)
  }
}
