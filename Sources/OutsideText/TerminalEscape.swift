/// The one escaper of outside text (ad ids, error messages, plugin log lines, URLs) printed for
/// people to read — on a terminal, in a readable log, in a message on standard error — so that
/// data from an ad server or a plugin cannot set a terminal's title, clear its screen or fake a
/// line. Control characters become visible escapes: C0 and DEL as `\x1b`, C1 as `\u{9b}`; a tab
/// stays a tab. JSON output never goes through it (it is exact, and escapes what JSON must).
public enum TerminalEscape {
  /// Text for one line: every control character but the tab escaped, line breaks too (`\x0a`).
  public static func line(_ text: String) -> String { escape(text, keepingNewlines: false) }

  /// A message of several lines (a traceback): as `line`, but a line feed stays a line feed.
  public static func lines(_ text: String) -> String { escape(text, keepingNewlines: true) }

  private static func escape(_ text: String, keepingNewlines: Bool) -> String {
    guard needsEscape(text, keepingNewlines: keepingNewlines) else { return text }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || (keepingNewlines && value == 0x0A) || !isControl(value) {
        output.append(scalar)
      } else {
        let hex = String(value, radix: 16)
        let digits = (hex.count < 2 ? "0" : "") + hex
        output.append(contentsOf: (value < 0x80 ? "\\x\(digits)" : "\\u{\(digits)}").unicodeScalars)
      }
    }
    return String(output)
  }

  private static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// Whether any byte of the UTF-8 text is a control character to escape (C1 characters are
  /// encoded as 0xC2 0x80…0x9F): the common case, nothing to escape, copies nothing.
  private static func needsEscape(_ text: String, keepingNewlines: Bool) -> Bool {
    var afterC2 = false
    for byte in text.utf8 {
      if byte < 0x20 {
        if byte != 0x09 && !(keepingNewlines && byte == 0x0A) { return true }
      } else if byte == 0x7F || (afterC2 && byte >= 0x80 && byte <= 0x9F) {
        return true
      }
      afterC2 = byte == 0xC2
    }
    return false
  }
}
