import Foundation

/// Splits a playlist's text into its non-empty lines, trimmed, each with its line number.
enum HLSLines {
  /// The lines and how many there were (empty ones counted). Lines end with LF or CR LF (RFC 8216
  /// 4.1): every LF byte ends a line (a CR before it is trimmed). The LF is found with `memchr`
  /// in the UTF-8 bytes, and a line whose first and last bytes are visible ASCII needs no
  /// trimming; only other lines are trimmed over Characters (a space before a combining mark is
  /// part of that mark's Character, and so is not trimmed).
  static func split(_ text: String, maxLines: Int) throws(HLSParseError) -> (
    lines: [(number: Int, text: Substring)], count: Int
  ) {
    var text = text
    text.makeContiguousUTF8()
    var bounds: [(number: Int, start: Int, end: Int)] = []
    var number = 0
    let total = text.utf8.count
    let found: HLSParseError? =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        guard let base = bytes.baseAddress else {
          number = 1
          return nil
        }
        var start = 0
        while true {
          let end: Int
          if let hit = memchr(base + start, 0x0A, total - start) {
            end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          } else {
            end = total
          }
          number += 1
          guard number <= maxLines else {
            return HLSParseError(line: number, "the playlist has more than \(maxLines) lines")
          }
          if end > start { bounds.append((number, start, end)) }
          guard end < total else { return nil }
          start = end + 1
        }
      } ?? nil
    if let found { throw found }
    var lines: [(number: Int, text: Substring)] = []
    lines.reserveCapacity(bounds.count)
    let utf8 = text.utf8
    for (lineNumber, start, end) in bounds {
      let from = utf8.index(utf8.startIndex, offsetBy: start)
      let to = utf8.index(utf8.startIndex, offsetBy: end)
      var line = Substring(utf8[from..<to])
      if !isVisibleASCII(utf8[from]) || !isVisibleASCII(utf8[utf8.index(before: to)]) {
        line = trimmed(line)
      }
      if !line.isEmpty { lines.append((lineNumber, line)) }
    }
    return (lines, number)
  }

  /// The line without the CR, spaces and tabs at its end and the spaces, tabs and BOMs at its
  /// start, compared as Characters.
  private static func trimmed(_ text: Substring) -> Substring {
    var line = text
    while let last = line.last, last == "\r" || last == " " || last == "\t" { line.removeLast() }
    while let first = line.first, first == " " || first == "\t" || first == "\u{FEFF}" {
      line.removeFirst()
    }
    return line
  }

  private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte >= 0x21 && byte <= 0x7E }
}
