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
    guard let text = String(data: data, encoding: .utf8) else {
      throw HLSParseError(line: nil, "the playlist is not UTF-8 text")
    }
    return try parse(text, url: url)
  }

  /// Parses a playlist's text fetched from `url`; relative URIs resolve against `url`.
  public static func parse(_ text: String, url: URL) throws(HLSParseError) -> HLSPlaylist {
    let (lines, number) = try HLSLines.split(text, maxLines: maxLines)
    guard let first = lines.first, first.text == "#EXTM3U" else {
      let found = lines.first.map { "\"\($0.text.prefix(40))\"" } ?? "an empty document"
      throw HLSParseError(line: lines.first?.number ?? 1, "expected #EXTM3U, found \(found)")
    }
    let body = lines.dropFirst()
    if let variant = body.first(where: { $0.text.startsWith(ascii: "#EXT-X-STREAM-INF") }) {
      if let segment = body.first(where: { $0.text.startsWith(ascii: "#EXTINF") }) {
        throw HLSParseError(
          line: segment.number,
          "#EXTINF in a multivariant playlist (it has #EXT-X-STREAM-INF on line \(variant.number))")
      }
      return .multivariant(try parseMultivariant(body, url: url))
    }
    var builder = HLSMediaBuilder(url: url)
    for line in body { try builder.read(line.text, line: line.number) }
    return .media(try builder.finish(lastLine: number))
  }

  private static func parseMultivariant(
    _ lines: ArraySlice<(number: Int, text: Substring)>, url: URL
  ) throws(HLSParseError) -> HLSMultivariantPlaylist {
    var variants: [HLSVariant] = []
    var pending: (attributes: [HLSAttribute], line: Int)?
    for (number, text) in lines {
      if text.hasPrefix("#EXT-X-STREAM-INF:") {
        if let pending {
          throw HLSParseError(
            line: pending.line, "#EXT-X-STREAM-INF: expected the variant's URI on the next line")
        }
        let attributes = try HLSAttributeList.parse(
          text.dropFirst("#EXT-X-STREAM-INF:".count), tag: "#EXT-X-STREAM-INF", line: number)
        pending = (attributes, number)
      } else if text.hasPrefix("#") {
        continue
      } else {
        guard let current = pending else {
          throw HLSParseError(
            line: number, "a URI in a multivariant playlist needs #EXT-X-STREAM-INF before it")
        }
        pending = nil
        guard let bandwidthText = current.attributes.value("BANDWIDTH"), let bandwidth = Int(bandwidthText),
          bandwidth >= 0
        else {
          throw HLSParseError(
            line: current.line, "#EXT-X-STREAM-INF: expected BANDWIDTH, a whole number of bits per second")
        }
        variants.append(
          HLSVariant(
            url: try resolve(text, against: url, line: number), bandwidth: bandwidth,
            resolution: current.attributes.value("RESOLUTION"), attributes: current.attributes,
            line: current.line))
      }
    }
    if let pending {
      throw HLSParseError(
        line: pending.line, "#EXT-X-STREAM-INF: expected the variant's URI on the next line")
    }
    return HLSMultivariantPlaylist(url: url, variants: variants)
  }

  /// A URI line resolved against the playlist's URL.
  static func resolve(_ text: Substring, against base: URL, line: Int) throws(HLSParseError) -> URL {
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
