import Foundation
import Synchronization

/// Resolves a playlist's URI lines against the playlist's URL, to the absolute URL's text. A
/// plain relative path, as segment names are (letters, digits, `-`, `_`, `.`, `~` and `/`, not
/// starting with `/` and no path segment starting with `.`), is appended to the URL's directory,
/// found in a plain URL's text (`HLSBaseDirectory`) or else resolved once by Foundation (as the
/// reference `x`): such a path has nothing to resolve, escape or normalise, so the text is what
/// Foundation would give (`ReadingShortcutTests`). Anything else Foundation resolves, and its
/// `absoluteString` is the text, which must read back as a URL. A `URL` per segment
/// (a parse of the reference, then of the absolute string) was most of the reading of a long live
/// playlist (`adhost-bench hls`).
struct HLSURLResolver {
  let base: URL
  /// The base's directory as an absolute URL string ending in `/`, when Foundation gives one.
  let directory: String?

  init(base: URL) {
    self.base = base
    if let known = Self.last.withLock({ $0 }), known.base == base {
      directory = known.directory
      return
    }
    if let plain = HLSBaseDirectory.of(base) {
      directory = plain
      Self.last.withLock { $0 = (base, plain) }
      return
    }
    let probe = URL(string: "x", relativeTo: base)?.absoluteURL
    // The directory followed by a plain path reads back as a URL when the probe's text does.
    if let probe, probe.scheme != nil, case let text = probe.absoluteString, text.hasSuffix("/x"),
      URL(string: text) != nil
    {
      directory = String(text.dropLast())
    } else {
      directory = nil
    }
    Self.last.withLock { [directory] in $0 = (base, directory) }
  }

  /// The last base resolved and its directory: a playlist is mostly loaded again and again (a
  /// live one every few seconds), and Foundation's resolution of the probe cost more than
  /// reading a small playlist (`adhost-bench hls`); a plain URL's directory, found in its text,
  /// costs a few times the lookup.
  private static let last = Mutex<(base: URL, directory: String?)?>(nil)

  /// The URL of a resolved URI's text. Every text the parser keeps reads back as a URL: a plain
  /// path after a directory that does, or one checked as it was read (`resolved(_:line:)`, an
  /// error naming the line otherwise); `fallback` is only for a text given from elsewhere.
  static func url(_ text: String) -> URL { URL(string: text) ?? fallback }

  private static let fallback = URL(fileURLWithPath: "/")

  /// The absolute URL's text of a URI line, or an error naming the line.
  func uri(_ text: Substring, line: Int) throws(HLSParseError) -> String {
    if let directory, Self.isPlainPath(text) { return directory + text }
    return try resolved(text, line: line)
  }

  /// The absolute URL's text of a URI Foundation resolves. It must read back as a URL, as `url(_:)`
  /// reads it: a reference can resolve to a text that does not (`.//:a` against `file:/a` is
  /// `file://:a`), which would be some other URL later.
  private func resolved(_ text: Substring, line: Int) throws(HLSParseError) -> String {
    guard let reference = URL(string: String(text), relativeTo: base) else {
      throw HLSParseError(line: line, "expected a URI, found \"\(text.prefix(80))\"")
    }
    let absolute = reference.absoluteString
    // A reference with a scheme is read as it is, without the base: its text reads back.
    guard let url = reference.baseURL == nil ? reference : URL(string: absolute) else {
      throw HLSParseError(
        line: line,
        "expected a URI that resolves to a URL against the playlist's, found \"\(text.prefix(80))\" "
          + "(resolved: \"\(absolute.prefix(80))\")")
    }
    guard url.scheme != nil else {
      throw HLSParseError(line: line, "expected a URI, found \"\(text.prefix(80))\"")
    }
    return absolute
  }

  /// `uri(_:line:)` of a line's ASCII bytes. `lastPlain` is the text of the last plain path
  /// read: given back when the line names the same path, so that sub-ranges of one resource share
  /// one text.
  func uri(_ bytes: HLSBytes, line: Int, lastPlain: inout String?) throws(HLSParseError) -> String {
    guard let directory, Self.isPlainPath(bytes) else {
      lastPlain = nil
      return try resolved(bytes.substring, line: line)
    }
    if let last = lastPlain, last.utf8.count == directory.utf8.count + bytes.count, bytes.isSuffix(of: last) {
      return last
    }
    let text = bytes.appended(to: directory)
    lastPlain = text
    return text
  }

  /// Whether `text` is a relative path whose resolution is the directory followed by it.
  static func isPlainPath(_ text: Substring) -> Bool {
    var text = text
    return text.withUTF8 { isPlainPath(HLSBytes(UnsafeRawBufferPointer($0))) }
  }

  static func isPlainPath(_ bytes: HLSBytes) -> Bool {
    var previous: UInt8 = UInt8(ascii: "/")
    guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "/") else { return false }
    for byte in bytes.buffer {
      // A segment starting with "." may be "." or "..", which resolving removes.
      guard isPlainPathByte(byte), !(byte == 0x2E && previous == 0x2F) else { return false }
      previous = byte
    }
    return true
  }

  /// An ASCII letter or digit, `-`, `_`, `~`, `/` or `.`: a byte resolving leaves as it is.
  static func isPlainPathByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D || byte == 0x5F || byte == 0x7E || byte == 0x2F || byte == 0x2E
  }
}
