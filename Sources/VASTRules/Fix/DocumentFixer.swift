/// `adhost check --fix`: the safe repairs of a VAST or VMAP document, made on its own bytes so
/// that everything else (layout, comments, attribute order) stays as written.
///
/// It wraps URLs in CDATA (`url-not-cdata`), takes white space out of URLs the way a browser's
/// URL parser does (`url-space`), and writes the version attribute as major.minor
/// (`vast-version-format`) or adds the one the document's elements need (`vast-version-missing`).
/// It never invents data: a URL, a duration or an id that is missing stays missing.
public enum DocumentFixer {
  /// One repair.
  public struct Change: Sendable, Equatable {
    /// The rule whose finding it repairs.
    public let rule: String
    /// Where, in the original document.
    public let position: SourcePosition
    /// What was changed, in words.
    public let description: String
  }

  /// The fixed bytes and the changes made (none: the bytes as given).
  public struct Result: Sendable {
    public let bytes: [UInt8]
    public let changes: [Change]
  }

  /// The document with its safe repairs made; a document that is not well-formed XML is left
  /// as it is.
  public static func fix(_ bytes: [UInt8]) -> Result {
    guard case .success(let read) = PositionedReader.read(bytes) else {
      return Result(bytes: bytes, changes: [])
    }
    var edits = ByteEdits(bytes)
    // The nodes are readable while their document is held.
    withExtendedLifetime(read.document) {
      for root in vastRoots(read.root) {
        VersionFix.fix(root, &edits)
        URLFix.fix(DocumentScope(root: root, target: nil), &edits)
      }
    }
    return Result(bytes: edits.applied(), changes: edits.changes)
  }

  /// The VAST documents of a file: its root, or a VMAP's inline ones.
  private static func vastRoots(_ root: CheckNode) -> [CheckNode] {
    switch root.name {
    // VAST 1.0 is refused whole (error 102): nothing in it is worth repairing.
    case "VAST": return root.attribute("version").flatMap(VASTVersion.init)?.major == 1 ? [] : [root]
    case "VMAP":
      return root.subtree.filter { $0.name == "VASTAdData" || $0.name == "VASTData" }.flatMap {
        $0.children("VAST")
      }
    default: return []
    }
  }
}

/// Replacements of byte ranges of one document, applied together (none overlapping).
struct ByteEdits {
  let bytes: [UInt8]
  private var replacements: [(range: Range<Int>, with: [UInt8])] = []
  private(set) var changes: [DocumentFixer.Change] = []

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Replaces `range` with `text`, for `rule`'s finding at `node` (or at `position`).
  mutating func replace(
    _ range: Range<Int>, with text: String, rule: String, at position: SourcePosition, _ description: String
  ) {
    guard !replacements.contains(where: { $0.range.overlaps(range) }) else { return }
    replacements.append((range, Array(text.utf8)))
    changes.append(DocumentFixer.Change(rule: rule, position: position, description: description))
  }

  /// The document with every replacement made.
  func applied() -> [UInt8] {
    var result = bytes
    for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(replacement.range, with: replacement.with)
    }
    return result
  }
}
