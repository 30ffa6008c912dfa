import Foundation

/// Resolves a playlist's URI lines against the playlist's URL. A plain relative path, as segment
/// names are (letters, digits, `-`, `_`, `.`, `~` and `/`, not starting with `/` and no path
/// segment starting with `.`), is appended to the URL's directory, which Foundation resolves once
/// (as the reference `x`); anything else Foundation resolves each time. Resolving every segment's
/// URI with Foundation (a parse of the reference, then of the absolute string) took a quarter of
/// the reading of a long live playlist (`adhost-bench hls`).
struct HLSURLResolver {
  let base: URL
  /// The base's directory as an absolute URL string ending in `/`, when Foundation gives one.
  private let directory: String?

  init(base: URL) {
    self.base = base
    let probe = URL(string: "x", relativeTo: base)?.absoluteURL
    if let probe, probe.scheme != nil, case let text = probe.absoluteString, text.hasSuffix("/x") {
      directory = String(text.dropLast())
    } else {
      directory = nil
    }
  }

  /// The URL of a URI line, or an error naming the line.
  func resolve(_ text: Substring, line: Int) throws(HLSParseError) -> URL {
    if let directory, Self.isPlainPath(text), let url = URL(string: directory + text) { return url }
    return try HLSParser.resolve(text, against: base, line: line)
  }

  /// Whether `text` is a relative path whose resolution is the directory followed by it.
  static func isPlainPath(_ text: Substring) -> Bool {
    var previous: UInt8 = UInt8(ascii: "/")
    guard let first = text.utf8.first, first != UInt8(ascii: "/") else { return false }
    for byte in text.utf8 {
      let plain =
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2D || byte == 0x5F || byte == 0x7E || byte == 0x2F || byte == 0x2E
      // A segment starting with "." may be "." or "..", which resolving removes.
      guard plain, !(byte == 0x2E && previous == 0x2F) else { return false }
      previous = byte
    }
    return true
  }
}
