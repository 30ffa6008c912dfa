import Foundation

/// The fixture files in `Tests/VASTKitTests/Fixtures` (copies of shared samples, see its README).
enum TestFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// A fixture's URL.
  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

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
