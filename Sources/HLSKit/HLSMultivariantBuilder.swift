import Foundation

/// Builds a multivariant playlist line by line: each `#EXT-X-STREAM-INF` and the URI after it
/// make a variant.
struct HLSMultivariantBuilder {
  private let url: URL
  private let resolver: HLSURLResolver
  private var variants: [HLSVariant] = []
  private var pending: (tag: HLSStreamInf, line: Int)?
  private var lastPlainURI: String?
  private var start: HLSStart?
  private var warnings: [HLSParseError] = []

  init(url: URL) {
    self.url = url
    resolver = HLSURLResolver(base: url)
  }

  /// Reads the lines after `#EXTM3U` as a multivariant playlist, in one pass. A line starting
  /// with `#EXT-X-STREAM-INF` makes the playlist one; without such a line, `mediaError` (the
  /// media reading's) is the error. An `#EXTINF` anywhere in a multivariant playlist is the error
  /// before any other its lines have; else the first line the builder cannot read.
  static func read(_ lines: inout HLSLineScanner, url: URL, orElse mediaError: HLSParseError?)
    throws(HLSParseError) -> HLSMultivariantPlaylist
  {
    var builder = HLSMultivariantBuilder(url: url)
    var variant: Int?
    var segment: Int?
    var failure: HLSParseError?
    while let (line, number) = try lines.next() {
      if variant == nil, line.startsWith("#EXT-X-STREAM-INF") { variant = number }
      if segment == nil, line.startsWith("#EXTINF") { segment = number }
      guard failure == nil else { continue }
      do throws(HLSParseError) {
        try builder.read(line, line: number)
      } catch {
        failure = error
      }
    }
    guard let variant else {
      throw mediaError ?? HLSParseError(line: nil, "expected a media or a multivariant playlist")
    }
    if let segment {
      throw HLSParseError(
        line: segment, "#EXTINF in a multivariant playlist (it has #EXT-X-STREAM-INF on line \(variant))")
    }
    if let failure { throw failure }
    return try builder.finish()
  }

  mutating func read(_ line: HLSLine, line number: Int) throws(HLSParseError) {
    if line.startsWith("#EXT-X-START:") { return readStart(line.text.dropFirst(13), line: number) }
    switch line {
    case .ascii(let bytes):
      if bytes.starts(with: "#EXT-X-STREAM-INF:") {
        let value = bytes.dropFirst(Self.tag.utf8.count + 1)
        guard let tag = HLSStreamInf(asciiList: value) else {
          return try read(.text(bytes.substring), line: number)
        }
        try streamInf(tag, line: number)
      } else if bytes[0] != UInt8(ascii: "#") {
        let current = try variant(line: number)
        try add(current, uri: resolver.segmentURI(bytes, line: number, lastPlain: &lastPlainURI))
      }
    case .text(let text):
      if text.startsWith(ascii: "#EXT-X-STREAM-INF:") {
        let value = text.dropFirst("#EXT-X-STREAM-INF:".count)
        try streamInf(
          HLSStreamInf(HLSAttributeList.parse(value, tag: Self.tag, line: number)), line: number)
      } else if !text.startsWith(ascii: "#") {
        let current = try variant(line: number)
        lastPlainURI = nil
        try add(current, uri: HLSResolvedURI(resolver.uri(text, line: number)))
      }
    }
  }

  private static let tag = "#EXT-X-STREAM-INF"

  /// `#EXT-X-START`: one that cannot be read is a warning, and ignored (as in a media playlist).
  private mutating func readStart(_ value: Substring, line: Int) {
    do {
      start = try HLSStart.parse(value, line: line)
    } catch {
      warnings.append(HLSParseError(line: error.line, error.message + " (the tag is ignored)"))
    }
  }

  private mutating func streamInf(_ tag: HLSStreamInf, line: Int) throws(HLSParseError) {
    if let pending {
      throw HLSParseError(
        line: pending.line, "#EXT-X-STREAM-INF: expected the variant's URI on the next line")
    }
    pending = (tag, line)
  }

  /// The tag a URI on `line` completes, with its bandwidth.
  private mutating func variant(line: Int) throws(HLSParseError) -> (
    tag: HLSStreamInf, bandwidth: Int, line: Int
  ) {
    guard let current = pending else {
      throw HLSParseError(
        line: line, "a URI in a multivariant playlist needs #EXT-X-STREAM-INF before it")
    }
    pending = nil
    guard let bandwidth = current.tag.bandwidth, bandwidth >= 0 else {
      throw HLSParseError(
        line: current.line, "#EXT-X-STREAM-INF: expected BANDWIDTH, a whole number of bits per second")
    }
    return (current.tag, bandwidth, current.line)
  }

  private mutating func add(_ current: (tag: HLSStreamInf, bandwidth: Int, line: Int), uri: HLSResolvedURI) {
    if variants.isEmpty { variants.reserveCapacity(8) }
    variants.append(
      HLSVariant(
        resolvedURI: uri, bandwidth: current.bandwidth, resolution: current.tag.resolution,
        keptAttributes: current.tag.attributes, line: current.line))
  }

  func finish() throws(HLSParseError) -> HLSMultivariantPlaylist {
    if let pending {
      throw HLSParseError(
        line: pending.line, "#EXT-X-STREAM-INF: expected the variant's URI on the next line")
    }
    return HLSMultivariantPlaylist(url: url, variants: variants, start: start, warnings: warnings)
  }
}
