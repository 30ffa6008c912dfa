import Foundation

/// A segment's URI resolved against its playlist's URL, kept as text: either the whole text, or
/// the playlist directory's text (one `String` shared by every segment of the playlist) and a
/// short relative path held in place, joined only when `text` is read. A 24 h live playlist has
/// 14,400 segments: a `String` of each resolved URI (an allocation, its UTF-8 check, a copy, a
/// release) was the largest share of reading one (docs/history/benchmarks-journal.md, "The byte reader").
public struct HLSResolvedURI: Equatable, Sendable {
  /// The whole text, or the directory's when `path` is not empty.
  private let head: String
  private let path: HLSShortPath

  /// The whole resolved text.
  init(_ text: String) {
    head = text
    path = HLSShortPath()
  }

  /// `directory` (ending in `/`) followed by `path`, which resolving leaves as it is.
  init(directory: String, path: HLSShortPath) {
    head = directory
    self.path = path
  }

  /// The resolved URI's text (an absolute URL's `absoluteString`).
  public var text: String { path.isEmpty ? head : path.bytes { HLSBytes($0).appended(to: head) } }

  /// The URL of the text, made when read.
  public var url: URL { HLSURLResolver.url(text) }

  /// Whether both are the same text, however each is kept.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.path == rhs.path, lhs.head == rhs.head { return true }
    // The same directory with other paths, or both whole: other texts.
    if lhs.head == rhs.head, !lhs.path.isEmpty || !rhs.path.isEmpty { return false }
    return lhs.text == rhs.text
  }
}

/// A relative path of at most `capacity` ASCII bytes, held in place (no allocation): most segment
/// names are this short (`live/seg-1000.ts`, `segment_00042.m4s`).
struct HLSShortPath: Equatable, Sendable {
  static let capacity = 24
  private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
  private var count: UInt8 = 0

  init() {}

  /// The bytes held in place when they are a plain path (`HLSURLResolver.isPlainPath`) of at most
  /// `capacity` bytes; nil otherwise.
  init?(plain bytes: HLSBytes) {
    guard bytes.count <= Self.capacity, let base = bytes.buffer.baseAddress else { return nil }
    withUnsafeMutableBytes(of: &words) { $0.baseAddress?.copyMemory(from: base, byteCount: bytes.count) }
    count = UInt8(truncatingIfNeeded: bytes.count)
    guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "/"),
      Self.isPlain(words.0, at: 0, of: bytes.count, after: 0x80),
      Self.isPlain(words.1, at: 8, of: bytes.count, after: Self.slashes(words.0) >> 56),
      Self.isPlain(words.2, at: 16, of: bytes.count, after: Self.slashes(words.1) >> 56)
    else { return nil }
  }

  /// Whether the bytes of `word` (eight of the path from `start`, little-endian, zeros past its
  /// `count`) are plain: letters, digits, `-`, `_`, `.`, `~` and `/`, and no `.` right after a
  /// `/` (`"."` and `".."` resolve away). `after` has bit 7 set when the byte before the word is
  /// a `/` (or the word starts the path). Eight bytes at a time, as `HLSURLResolver.isPlainPath`
  /// tests one (`ResolvedURITests`): a comparison chain a byte was 300 instructions a segment.
  @inline(__always)
  private static func isPlain(_ word: UInt64, at start: Int, of count: Int, after: UInt64) -> Bool {
    guard start < count else { return true }
    let bytes = word.littleEndian
    let inPath =
      count - start >= 8
      ? repeated(0x80) : repeated(0x80) & ((1 << UInt64(truncatingIfNeeded: (count - start) * 8)) - 1)
    guard bytes & inPath == 0 else { return false }  // not ASCII
    let lower = bytes | repeated(0x20)
    let plain =
      between(lower, 0x61, 0x7A) | between(bytes, 0x2D, 0x39) | between(bytes, 0x5F, 0x5F)
      | between(bytes, 0x7E, 0x7E)
    let afterSlash = slashes(word) << 8 | after
    return plain & inPath == inPath && afterSlash & between(bytes, 0x2E, 0x2E) & inPath == 0
  }

  /// Bit 7 of each byte of `word` that is a `/`.
  @inline(__always)
  private static func slashes(_ word: UInt64) -> UInt64 { between(word.littleEndian, 0x2F, 0x2F) }

  /// Bit 7 of each byte of `bytes` (each below 0x80) from `low` to `high`.
  @inline(__always)
  private static func between(_ bytes: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
    (bytes &+ repeated(0x80 - low)) & ~(bytes &+ repeated(0x7F - high)) & repeated(0x80)
  }

  @inline(__always)
  private static func repeated(_ byte: UInt8) -> UInt64 {
    UInt64(truncatingIfNeeded: byte) &* 0x0101_0101_0101_0101
  }

  var isEmpty: Bool { count == 0 }

  /// `body` of the bytes.
  func bytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeBytes(of: words) {
      body(UnsafeRawBufferPointer(rebasing: $0[..<Int(truncatingIfNeeded: count)]))
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
      && lhs.words.2 == rhs.words.2
  }
}

extension HLSURLResolver {
  /// `uri(_:line:lastPlain:)` of a segment's URI line: a short plain path is kept in place beside
  /// the directory's text.
  func segmentURI(_ bytes: HLSBytes, line: Int, lastPlain: inout String?) throws(HLSParseError)
    -> HLSResolvedURI
  {
    if let directory, let path = HLSShortPath(plain: bytes) {
      return HLSResolvedURI(directory: directory, path: path)
    }
    return HLSResolvedURI(try uri(bytes, line: line, lastPlain: &lastPlain))
  }
}
