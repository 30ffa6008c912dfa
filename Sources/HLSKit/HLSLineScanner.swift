import Foundation

/// One non-empty line of a playlist, trimmed: its bytes when it is ASCII (read in place, where
/// bytes and Characters are the same), its text otherwise (read by the general reader over
/// Characters).
enum HLSLine {
  case ascii(HLSBytes)
  case text(Substring)

  /// The line as text.
  var text: Substring {
    switch self {
    case .ascii(let bytes): bytes.substring
    case .text(let text): text
    }
  }

  /// Whether the line starts with `prefix` (as Characters: a text line is compared over them).
  func startsWith(_ prefix: StaticString) -> Bool {
    switch self {
    case .ascii(let bytes): bytes.starts(with: prefix)
    case .text(let text): text.startsWith(ascii: prefix)
    }
  }
}

/// Walks a playlist's lines, counting them: lines end with LF or CR LF (RFC 8216 4.1), so every
/// LF byte (found with `memchr`) ends a line, empty ones counted too.
struct HLSLineScanner {
  private let document: HLSBytes
  /// Whether the whole document is ASCII (then no line needs checking).
  private let isASCII: Bool
  /// Whether every line is given as text, for the general reader.
  private let asText: Bool
  private var start = 0
  /// The number of the last line found (empty ones counted).
  private(set) var number = 0
  /// The first byte that is not ASCII at or after the start of the line last checked; -1 before
  /// the first check (`isASCII(from:to:)`).
  private var nonASCII = -1
  /// Whether lines no reading reads (`HLSUnreadLine`) are passed over: not for the first line,
  /// which must be `#EXTM3U`, nor when every line is given as text.
  var skipsUnreadTags = false

  init(_ document: HLSBytes, isASCII: Bool, asText: Bool = false) {
    self.document = document
    self.isASCII = isASCII && !asText
    self.asText = asText
  }

  /// The next non-empty line and its number; nil after the last. Past `maxLines` lines, an error.
  mutating func next() throws(HLSParseError) -> (line: HLSLine, number: Int)? {
    while start <= document.count {
      let end = document.firstIndex(of: 0x0A, from: start) ?? document.count
      number += 1
      guard number <= HLSParser.maxLines else { throw Self.tooManyLines }
      let raw = document.slice(start, end)
      let lineStart = start
      start = end + 1
      guard !raw.isEmpty else { continue }
      if isASCII || (!asText && isASCII(from: lineStart, to: end)) {
        let trimmed = Self.trimmed(raw)
        if !trimmed.isEmpty { return (.ascii(trimmed), number) }
      } else {
        if skipsUnreadTags, !asText, HLSUnreadLine.isUnreadTag(raw, asciiCount: nonASCII - lineStart) {
          continue
        }
        let trimmed = Self.trimmed(raw.substring)
        if !trimmed.isEmpty { return (.text(trimmed), number) }
      }
    }
    return nil
  }

  /// Whether the bytes from `lineStart` up to `end` are ASCII, known from where the next byte that
  /// is not is: found once for a run of lines, eight bytes a round. A document that is not all
  /// ASCII mostly has a few lines that are not (`Français`); each line was checked on its own.
  private mutating func isASCII(from lineStart: Int, to end: Int) -> Bool {
    if nonASCII < lineStart { nonASCII = document.firstNonASCII(from: lineStart) }
    return nonASCII >= end
  }

  /// Steps back to the start of the last line found, so that `next()` finds it again, with its
  /// number; its start in the document.
  mutating func rewindLine() -> Int {
    var lineStart = min(start - 1, document.count)
    while lineStart > 0, document[lineStart - 1] != 0x0A { lineStart -= 1 }
    start = lineStart
    number -= 1
    nonASCII = -1
    return lineStart
  }

  /// The size of the whole document.
  var documentBytes: Int { document.count }

  /// Whether every line comes as `.ascii` bytes: `nextASCII()` may be used instead of `next()`.
  var readsBytesOnly: Bool { isASCII }

  /// `next()` of a document that is all ASCII (`readsBytesOnly`): the trimmed line's bytes, its
  /// number in `number`; nil after the last line, or past `HLSParser.maxLines` lines, where
  /// `next()` throws (`hasTooManyLines` then says so, and the caller throws `tooManyLines`).
  /// Without the `HLSLine` around them, a line comes back in registers; the LF is found with
  /// `memchr` from the document's base and a line with visible ends comes back without a bounds
  /// check or slice, in the caller's loop (≈ 100 instructions a line of a VOD playlist were the
  /// checks and the call, `adhost-bench hls`).
  @inline(__always)
  mutating func nextASCII() -> HLSBytes? {
    precondition(isASCII, "nextASCII() of a document that is not all ASCII")
    let count = document.count
    guard let base = document.buffer.baseAddress else {
      // An empty document: one empty line.
      if start == 0 {
        start = 1
        number += 1
      }
      return nil
    }
    while start <= count {
      // Every index read is below `count`; `memchr` over no bytes finds nothing.
      let end =
        memchr(base + start, 0x0A, count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? count
      number += 1
      guard number <= HLSParser.maxLines else { return nil }
      let lineStart = start
      start = end + 1
      guard end > lineStart else { continue }
      let first = base.load(fromByteOffset: lineStart, as: UInt8.self)
      let last = base.load(fromByteOffset: end - 1, as: UInt8.self)
      if first &- 0x21 < 0x5E, last &- 0x21 < 0x5E {
        return HLSBytes(UnsafeRawBufferPointer(start: base + lineStart, count: end - lineStart))
      }
      let trimmed = Self.trimmed(document.slice(lineStart, end))
      if !trimmed.isEmpty { return trimmed }
    }
    return nil
  }

  /// Whether `nextASCII()` stopped past `HLSParser.maxLines` lines.
  var hasTooManyLines: Bool { number > HLSParser.maxLines }

  /// The error of a playlist of more than `HLSParser.maxLines` lines.
  static let tooManyLines = HLSParseError(
    line: HLSParser.maxLines + 1, "the playlist has more than \(HLSParser.maxLines) lines")

  /// Whether `document` has more than `HLSParser.maxLines` lines (so that error comes first, as
  /// when the lines were split before reading).
  static func hasTooManyLines(_ document: HLSBytes) -> Bool {
    var breaks = 0
    var from = 0
    while let found = document.firstIndex(of: 0x0A, from: from) {
      breaks += 1
      if breaks >= HLSParser.maxLines { return true }
      from = found + 1
    }
    return false
  }

  /// A line without the CR, spaces and tabs at its end and the spaces, tabs and BOMs at its
  /// start, compared as Characters (a space before a combining mark is part of that mark's
  /// Character, and so is not trimmed).
  private static func trimmed(_ text: Substring) -> Substring {
    // A visible ASCII byte at an end is a Character that is not trimmed (as bytes below).
    if HLSNumbers.visibleASCIIEnds(text) { return text }
    var line = text
    while let last = line.last, last == "\r" || last == " " || last == "\t" { line.removeLast() }
    while let first = line.first, first == " " || first == "\t" || first == "\u{FEFF}" {
      line.removeFirst()
    }
    return line
  }

  /// An ASCII line without the CR, spaces and tabs at its end and the spaces and tabs at its start.
  @inline(__always)
  private static func trimmed(_ line: HLSBytes) -> HLSBytes {
    if line.hasVisibleASCIIEnds { return line }
    var last = line.count
    while last > 0, line[last - 1] == 0x0D || line[last - 1] == 0x20 || line[last - 1] == 0x09 { last -= 1 }
    var first = 0
    while first < last, line[first] == 0x20 || line[first] == 0x09 { first += 1 }
    return line.slice(first, last)
  }
}
