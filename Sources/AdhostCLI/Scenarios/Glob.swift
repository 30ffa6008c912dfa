import Foundation

/// A text pattern in which `*` matches any run of characters (none included) and every other
/// character matches itself; the whole text must match. Used for beacon URLs, error messages,
/// log fields and `--filter`.
struct Glob: CustomStringConvertible, Sendable {
  let pattern: String
  private let pieces: [Substring]

  init(_ pattern: String) {
    self.pattern = pattern
    pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
  }

  var description: String { pattern }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    guard pieces.count > 1 else { return text == pattern }
    var rest = Substring(text)
    guard let first = pieces.first, rest.hasPrefix(first) else { return false }
    rest = rest.dropFirst(first.count)
    // The middle pieces match leftmost; the last piece must end the text.
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let range = rest.range(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    guard let last = pieces.last else { return true }
    return rest.count >= last.count && rest.hasSuffix(last)
  }
}
