import Foundation
import Testing

@testable import HLSKit

/// The directory of a plain playlist URL, found in its text (`HLSBaseDirectory`), is the one
/// Foundation resolves, over many URLs: schemes, hosts, ports, paths and their odd bytes, queries
/// and fragments, each combined with the others; URLs that are not plain are left to Foundation.
@Suite struct BaseDirectoryTests {
  static let schemes = ["https://", "http://", "file://", "HTTP://", "ftp://", "https:", "data:"]
  static let hosts = [
    "origin.example.com", "", "h", "127.0.0.1", "h.example:8080", "h.example:", "Origin.Example.COM",
    "user@h.example", "[::1]:80", "h_x.example", "xn--bcher-kva.example", "a..b", "-h.", "h%41",
  ]
  static let paths = [
    "", "/", "/index.m3u8", "/channel/index.m3u8", "/channel/", "/a/b/c/d.m3u8", "/a//b/x.m3u8",
    "//a/x", "/./a/x", "/a/../b/x", "/a/.b/x", "/a/b/.", "/a/b/..", "/.well/x", "/a./x", "/a~b/x_y-z.m3u8",
    "/%41/x", "/a b/x", "/ü/x", "/a;p/x", "/a:b/x", "/a+b/x", "/a@b/x", "/a!b/x", "/a'b/x", "/a(b)/x",
    "/a*b/x", "/a,b/x", "/a=b/x", "/a$b/x", "/a&b/x", "/a\\b/x", "/a|b/x", "/a^b/x", "/a`b/x",
    "/a{b}/x", "/a[b]/x", "/a\"b/x", "/a<b>/x",
  ]
  static let suffixes = ["", "?token=a/b", "#frag", "?", "#", "?a#b/c"]

  /// Foundation's directory of `base`: a reference `x` resolved against it, without the `x`.
  static func foundationDirectory(_ base: URL) -> String? {
    guard let probe = URL(string: "x", relativeTo: base)?.absoluteURL, probe.scheme != nil else { return nil }
    let text = probe.absoluteString
    return text.hasSuffix("/x") ? String(text.dropLast()) : nil
  }

  @Test func plainURLsHaveFoundationsDirectory() throws {
    var plain = 0
    var compared = 0
    for scheme in Self.schemes {
      for host in Self.hosts {
        for path in Self.paths {
          for suffix in Self.suffixes {
            let text = scheme + host + path + suffix
            guard let base = URL(string: text) else { continue }
            compared += 1
            guard let found = HLSBaseDirectory.of(base) else { continue }
            plain += 1
            #expect(found == Self.foundationDirectory(base), "\(text)")
            // And a plain path resolved by the resolver is Foundation's resolution.
            let resolver = HLSURLResolver(base: base)
            for reference in ["seg-1.ts", "a/b.ts"] {
              let expected = URL(string: reference, relativeTo: base)?.absoluteURL.absoluteString
              #expect(
                try resolver.uri(Substring(reference), line: 1) == expected, "\(reference) against \(text)")
            }
          }
        }
      }
    }
    #expect(compared > 2000)
    #expect(plain > 100)
  }

  @Test func theUsualPlaylistURLsArePlain() throws {
    for text in [
      "https://origin.example.com/channel/index.m3u8", "http://127.0.0.1:53421/vod/master.m3u8",
      "https://cdn.example.com", "file:///tmp/run/playlist.m3u8", "https://h.example/a/b/",
    ] {
      let base = try #require(URL(string: text))
      #expect(HLSBaseDirectory.of(base) != nil, "\(text)")
      #expect(HLSBaseDirectory.of(base) == Self.foundationDirectory(base), "\(text)")
    }
    let file = URL(fileURLWithPath: "/tmp/run dir/ünï/playlist.m3u8")
    #expect(HLSBaseDirectory.of(file) == nil)
    #expect(HLSURLResolver(base: file).base == file)
  }

  @Test func urlsWithAnythingToResolveAreLeftToFoundation() throws {
    for text in [
      "https://h.example/a/../b/index.m3u8", "https://h.example/a/./index.m3u8", "https://h.example/x?y",
      "https://h.example/x#y", "https://u@h.example/x", "https://h.example/%41/x", "HTTPS://h.example/x",
      "https://H.example/x", "ftp://h.example/x", "https://h.example:/x", "https://h.example/.x/y",
    ] {
      let base = try #require(URL(string: text))
      #expect(HLSBaseDirectory.of(base) == nil, "\(text)")
    }
    let relative = try #require(URL(string: "b/index.m3u8", relativeTo: URL(string: "https://h.example/a/")))
    #expect(HLSBaseDirectory.of(relative) == nil)
  }
}

/// A URI whose resolution is a text that does not read back as a URL is an error naming its line,
/// not a URL made up later (it was `file:///`).
@Suite struct UnresolvableURITests {
  static func message(_ uri: String, _ resolved: String) -> String {
    "expected a URI that resolves to a URL against the playlist's, found \"\(uri)\" (resolved: \"\(resolved)\")"
  }

  @Test(arguments: [(".//:a", "file://:a"), (".//:[", "file://:%5B")])
  func aURIResolvingToNoURLIsAnError(_ uri: String, _ resolved: String) throws {
    let base = try #require(URL(string: "file:/a"))
    #expect(throws: HLSParseError(line: 4, Self.message(uri, resolved))) {
      try HLSParser.parse("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n\(uri)\n", url: base)
    }
    #expect(throws: HLSParseError(line: 3, Self.message(uri, resolved))) {
      try HLSParser.parse(Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n\(uri)\n".utf8), url: base)
    }
  }

  @Test func everyURIThePlaylistKeepsReadsBack() throws {
    let base = try #require(URL(string: "file:/a"))
    let read = try HLSParser.parse(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nb.ts\n#EXTINF:6,\n../c.ts\n#EXTINF:6,\n.//h/x\n",
      url: base)
    guard case .media(let playlist) = read else { throw HLSParseError(line: nil, "not a media playlist") }
    for segment in playlist.segments {
      #expect(URL(string: segment.uri)?.absoluteString == segment.uri)
    }
  }
}
