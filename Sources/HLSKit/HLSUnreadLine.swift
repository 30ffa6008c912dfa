/// The lines of a document that is not all ASCII which neither reading reads, known from their
/// first bytes: a tag line such as `#EXT-X-MEDIA:…,NAME="Français"` was made a `String`, trimmed
/// over Characters and its tag compared with each tag the media reading knows, to be let go
/// (≈ 4,000 instructions a line, `adhost-bench hls`).
enum HLSUnreadLine {
  /// Whether `line` (as it is in the document, untrimmed), whose first `asciiCount` bytes are
  /// ASCII, is a tag line that neither the media nor the multivariant reading reads: it starts
  /// with `#`, its bytes are ASCII up to its first colon and the byte after it (so its characters
  /// there are its bytes, and its tag is the bytes before the colon), and that tag is none the
  /// media reading knows (`HLSTagName`) nor starts with `#EXTINF` or `#EXT-X-STREAM-INF`.
  static func isUnreadTag(_ line: HLSBytes, asciiCount: Int) -> Bool {
    guard !line.isEmpty, line[0] == UInt8(ascii: "#"), let colon = line.firstIndex(of: UInt8(ascii: ":")),
      colon + 1 < asciiCount, !line.starts(with: "#EXTINF"), !line.starts(with: "#EXT-X-STREAM-INF")
    else { return false }
    return HLSTagName(line.slice(0, colon)) == nil
  }
}
