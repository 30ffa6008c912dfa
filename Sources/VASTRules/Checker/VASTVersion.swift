/// A VAST version as `major.minor` (`4.2`); the rules judge a document by it.
public struct VASTVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major number.
  public let major: Int
  /// The minor number.
  public let minor: Int

  /// A version.
  public init(_ major: Int, _ minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Reads `4`, `4.2` or `4.2.0` (a patch number is ignored); nil for anything else.
  public init?(_ text: String) {
    let parts = text.trimmingWhitespace.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0
    else { return nil }
    self.init(major, minor)
  }

  /// The versions adhost reads (VAST 1.0 is refused with error 102).
  public static let supported: [VASTVersion] = [
    .init(2, 0), .init(3, 0), .init(4, 0), .init(4, 1), .init(4, 2), .init(4, 3),
  ]
  /// The newest published version, which a document without a usable version is judged by.
  public static let latest = VASTVersion(4, 3)

  /// Orders by major, then minor.
  public static func < (lhs: VASTVersion, rhs: VASTVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  /// `4.2`.
  public var description: String { "\(major).\(minor)" }

  /// The column of the schema tables (`SchemaTable`) this version is read by: 2.0.1, the 3.0
  /// draft, 4.0, 4.1, 4.2 (4.3 has no schema of its own: 4.2's), the 4.4 draft.
  var schemaColumn: Int {
    switch (major, minor) {
    case (...2, _): 0
    case (3, _): 1
    case (4, 0): 2
    case (4, 1): 3
    case (4, 2), (4, 3): 4
    default: 5
    }
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
