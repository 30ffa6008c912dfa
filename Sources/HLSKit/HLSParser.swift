import CheckedNumbers
import Foundation

/// Parses HLS playlists (RFC 8216 and the ad markers in common use). Any input gives a playlist
/// or an `HLSParseError` naming the line and what was expected there; nothing crashes.
public enum HLSParser {
  /// The most lines a playlist may have (a guard against hostile input).
  public static let maxLines = 500_000
  /// The most seconds a media playlist's segments may add up to, and any one duration in it may
  /// be: one week (as `ContentTimeline.maxDuration`), so a hostile playlist cannot make a run
  /// play on for ever.
  public static let maxDuration = 604_800.0

  /// Parses a playlist's bytes (UTF-8) fetched from `url`.
  public static func parse(_ data: Data, url: URL) throws(HLSParseError) -> HLSPlaylist {
    let read = data.withUnsafeBytes { bytes -> Result<HLSPlaylist, HLSParseError>? in
      let document = HLSBytes(bytes)
      // An ASCII document is UTF-8 as it is; any other is checked in place, its lines then each
      // read as bytes or as text. One starting with a BOM, or not UTF-8, goes to Foundation (which
      // drops the BOM, or says it is not UTF-8).
      let isASCII = document.isASCII
      guard isASCII || (!document.startsWithByteOrderMark && document.isUTF8) else { return nil }
      return Result { () throws(HLSParseError) in try parse(document, isASCII: isASCII, url: url) }
    }
    if let read { return try read.get() }
    guard let text = String(data: data, encoding: .utf8) else {
      throw HLSParseError(line: nil, "the playlist is not UTF-8 text")
    }
    return try parse(text, url: url)
  }

  /// Parses a playlist's text fetched from `url`; relative URIs resolve against `url`.
  public static func parse(_ text: String, url: URL) throws(HLSParseError) -> HLSPlaylist {
    try parse(text, url: url, readsEveryLineAsText: false)
  }

  /// `parse(_:url:)`; `readsEveryLineAsText` makes every line go to the general reader (over
  /// Characters), which the byte reader of ASCII lines must agree with (`ByteReaderTests`).
  static func parse(_ text: String, url: URL, readsEveryLineAsText: Bool) throws(HLSParseError)
    -> HLSPlaylist
  {
    var text = text
    let read = text.withUTF8 { bytes in
      Result { () throws(HLSParseError) in
        let document = HLSBytes(UnsafeRawBufferPointer(bytes))
        return try parse(
          document, isASCII: !readsEveryLineAsText && document.isASCII, url: url,
          readsEveryLineAsText: readsEveryLineAsText)
      }
    }
    return try read.get()
  }

  /// Reads the lines of a document that is UTF-8; when the whole document is too long, that is
  /// the error, whatever else is wrong in it.
  private static func parse(
    _ document: HLSBytes, isASCII: Bool, url: URL, readsEveryLineAsText: Bool = false
  ) throws(HLSParseError) -> HLSPlaylist {
    do {
      return try readLines(document, isASCII: isASCII, url: url, readsEveryLineAsText: readsEveryLineAsText)
    } catch {
      if error != HLSLineScanner.tooManyLines, HLSLineScanner.hasTooManyLines(document) {
        throw HLSLineScanner.tooManyLines
      }
      throw error
    }
  }

  private static func readLines(
    _ document: HLSBytes, isASCII: Bool, url: URL, readsEveryLineAsText: Bool
  ) throws(HLSParseError) -> HLSPlaylist {
    var lines = HLSLineScanner(document, isASCII: isASCII, asText: readsEveryLineAsText)
    guard let (first, number) = try lines.next() else {
      throw HLSParseError(line: 1, "expected #EXTM3U, found an empty document")
    }
    switch first {
    case .ascii(let bytes) where bytes.equals("#EXTM3U"): break
    case .text(let text) where text == "#EXTM3U": break
    default:
      throw HLSParseError(line: number, "expected #EXTM3U, found \"\(first.text.prefix(40))\"")
    }
    lines.skipsUnreadTags = true
    let body = lines
    // Read as a media playlist, the usual kind; a line starting with #EXT-X-STREAM-INF anywhere
    // (looked for only when the media reading stops or fails) makes it multivariant.
    let media = Result { () throws(HLSParseError) in try readMedia(&lines, url: url) }
    let mediaError: HLSParseError?
    switch media {
    case .success(let playlist?): return .media(playlist)
    case .success(nil):
      // It stopped at the first line starting with #EXT-X-STREAM-INF. With no #EXTINF before it,
      // no URI line came before it either (the media reading fails at one): nothing before that
      // line is anything to the multivariant reading, which then starts there, not at the top.
      // The general reader reads from the top, as the reference (`ByteReaderTests`); so does a
      // playlist with `#EXT-X-START` before its variants.
      let before = document.slice(0, lines.rewindLine())
      if !readsEveryLineAsText, !before.contains("#EXTINF"), !before.contains("#EXT-X-START") {
        return .multivariant(try HLSMultivariantBuilder.read(&lines, url: url, orElse: nil))
      }
      mediaError = nil
    case .failure(let error): mediaError = error
    }
    lines = body
    return .multivariant(try HLSMultivariantBuilder.read(&lines, url: url, orElse: mediaError))
  }

  /// The media playlist of the lines; nil when a line of a variant stops the reading.
  private static func readMedia(_ lines: inout HLSLineScanner, url: URL) throws(HLSParseError)
    -> HLSMediaPlaylist?
  {
    var builder = HLSMediaBuilder(url: url, documentBytes: lines.documentBytes)
    if lines.readsBytesOnly {
      while let bytes = lines.nextASCII() {
        try builder.read(bytes, line: lines.number)
        if builder.hasVariant { return nil }
      }
      if lines.hasTooManyLines { throw HLSLineScanner.tooManyLines }
      return try builder.finish(lastLine: lines.number)
    }
    while let (line, number) = try lines.next() {
      switch line {
      case .ascii(let bytes): try builder.read(bytes, line: number)
      case .text(let text): try builder.read(text, line: number)
      }
      if builder.hasVariant { return nil }
    }
    return try builder.finish(lastLine: lines.number)
  }

  /// A URI resolved against the playlist's URL (an `#EXT-X-MAP`'s): a plain relative path after
  /// the playlist's directory is one absolute URL's parse, where Foundation's resolution of it
  /// was three (`ReadingShortcutTests`); anything else Foundation resolves.
  static func resolve(_ text: Substring, against base: URL, line: Int) throws(HLSParseError) -> URL {
    if HLSURLResolver.isPlainPath(text), let directory = HLSURLResolver(base: base).directory,
      let url = URL(string: directory + text)
    {
      return url
    }
    guard let url = URL(string: String(text), relativeTo: base)?.absoluteURL, url.scheme != nil else {
      throw HLSParseError(line: line, "expected a URI, found \"\(text.prefix(80))\"")
    }
    return url
  }

  /// A decimal-floating-point number of seconds (digits and at most one `.`, RFC 8216 4.2) from
  /// 0 to `maxDuration`: no sign, exponent, hex, `nan` or `inf`.
  static func seconds(_ text: Substring, tag: String, what: String, line: Int) throws(HLSParseError) -> Double
  {
    if let value = HLSNumbers.plainSeconds(text), value <= maxDuration { return value }
    let trimmed = text.trimmingWhitespaces
    let digits = trimmed.utf8.filter { $0 != UInt8(ascii: ".") }
    guard !digits.isEmpty, trimmed.utf8.count - digits.count <= 1,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let value = Double(trimmed), value <= maxDuration
    else {
      throw HLSParseError(
        line: line,
        "\(tag): expected \(what) in seconds, a decimal number from 0 to \(CheckedNumbers.describe(maxDuration)), "
          + "found \"\(text.prefix(40))\"")
    }
    return value
  }
}
