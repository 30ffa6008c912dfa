import Foundation

/// The directory of a plain playlist URL, found in its text: `http://` or `https://` and a host
/// of lowercase letters, digits, `.` and `-` with an optional `:port`, or `file://` and no host;
/// then a path of the bytes a plain relative path may hold (`HLSURLResolver.isPlainPath`) with no
/// segment starting with `.`: no query, fragment, user, percent escape or dot segment. Resolving
/// a reference against such a URL keeps everything up to the path's last `/` as it is (RFC 3986
/// 5.2.2–5.2.3), so that text is the directory (a bare host gets its `/`), as Foundation resolves
/// it (`BaseDirectoryTests`). Any other URL Foundation resolves; that was most of reading a small
/// playlist whenever the playlists a player alternates between missed the resolver's cache.
enum HLSBaseDirectory {
  /// The directory's text ending in `/`, or nil when `base` is not plain.
  static func of(_ base: URL) -> String? {
    guard base.baseURL == nil else { return nil }
    var text = base.absoluteString
    return text.withUTF8 { directory(of: HLSBytes(UnsafeRawBufferPointer($0))) }
  }

  /// The directory's text of a plain absolute URL's bytes, or nil.
  static func directory(of url: HLSBytes) -> String? {
    let isFile = url.starts(with: "file://")
    var index: Int
    if isFile {
      index = 7
    } else if url.starts(with: "http://") || url.starts(with: "https://") {
      index = url.starts(with: "https://") ? 8 : 7
      let hostStart = index
      while index < url.count, isHostByte(url[index]) { index += 1 }
      guard index > hostStart else { return nil }
      if index < url.count, url[index] == UInt8(ascii: ":") {
        index += 1
        let portStart = index
        while index < url.count, url[index] >= 0x30, url[index] <= 0x39 { index += 1 }
        guard index > portStart else { return nil }
      }
      if index == url.count { return url.text + "/" }
    } else {
      return nil
    }
    guard index < url.count, url[index] == UInt8(ascii: "/") else { return nil }
    var lastSlash = index
    var previous = UInt8(ascii: "/")
    index += 1
    while index < url.count {
      let byte = url[index]
      guard HLSURLResolver.isPlainPathByte(byte),
        !(byte == UInt8(ascii: ".") && previous == UInt8(ascii: "/"))
      else { return nil }
      if byte == UInt8(ascii: "/") { lastSlash = index }
      previous = byte
      index += 1
    }
    return url.slice(0, lastSlash + 1).text
  }

  /// A lowercase ASCII letter, a digit, `.` or `-`.
  private static func isHostByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D
  }
}
