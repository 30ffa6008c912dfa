import Foundation

/// Trimming of MPD text (attribute values, `BaseURL`, Event bodies) as Foundation trims it, read
/// from the bytes when they are ASCII at the ends: Foundation's `trimmingCharacters(in:)` goes
/// through `NSString` (≈ 9,000 instructions a call, a tenth of reading `adhost-bench mpd`'s MPD).
enum MPDText {
  /// `text.trimmingCharacters(in: .whitespaces)`.
  static func trimmingSpaces(_ text: String) -> String { trimmed(text, newlines: false) }

  /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`.
  static func trimmingSpacesAndNewlines(_ text: String) -> String { trimmed(text, newlines: true) }

  private static func trimmed(_ text: String, newlines: Bool) -> String {
    var text = text
    let range: Range<Int>? = text.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end && isSpace(bytes[start], newlines: newlines) { start += 1 }
      while end > start && isSpace(bytes[end - 1], newlines: newlines) { end -= 1 }
      // Stopped at a byte that is not ASCII: it may start a space of Unicode's (no-break, line
      // separator…) or a combining mark, which Foundation judges by the whole scalar.
      if start < end && (bytes[start] >= 0x80 || bytes[end - 1] >= 0x80) { return nil }
      return start..<end
    }
    guard let range else {
      return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
    if range.count == text.utf8.count { return text }
    return text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  /// Whether an ASCII byte is in `.whitespaces` (space, tab) or, with `newlines`, in
  /// `.whitespacesAndNewlines` (also LF, VT, FF, CR).
  @inline(__always)
  static func isSpace(_ byte: UInt8, newlines: Bool) -> Bool {
    byte == 0x20 || byte == 0x09 || (newlines && byte >= 0x0A && byte <= 0x0D)
  }
}
