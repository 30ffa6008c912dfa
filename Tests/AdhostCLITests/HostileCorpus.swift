import Foundation
import HTTPTestSupport
import LoopbackHTTP
import TestFiles

/// The hostile-inputs corpus (Tests/Fixtures/hostile-inputs) made ready to run: copied to a scratch
/// folder with its server's address put in, the large inputs generated, the FIFOs and links
/// made that a checkout cannot hold, and a loopback server answering what the inputs fetch.
final class HostileCorpus: @unchecked Sendable {
  static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile-inputs")
  /// The address the corpus files were written for; replaced by the test server's.
  private static let writtenFor = "127.0.0.1:8765"

  let folder: URL
  let server: LoopbackServer

  init() throws {
    server = try LoopbackServer(maxConnections: 64)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-corpus-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: Self.fixtures, to: folder)
    try localise(folder)
    try generateLargeInputs()
    try makeSpecialFiles()
    routes()
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

  /// Every text file names this server instead of port 8765.
  private func localise(_ root: URL) throws {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8),
        text.contains(Self.writtenFor)
      else { continue }
      let port = "127.0.0.1:\(server.port)"
      try Data(text.replacingOccurrences(of: Self.writtenFor, with: port).utf8).write(to: file)
    }
  }

  private func write(_ path: String, _ text: String) throws {
    // A folder that holds only a generated input is not in the checkout (git keeps no empty folder).
    try FileManager.default.createDirectory(
      at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url(path))
  }

  /// The inputs over a few hundred kilobytes, which the checkout does not hold.
  private func generateLargeInputs() throws {
    let base = "http://127.0.0.1:\(server.port)"
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    try write("src/nested_top_100k.json", deep)
    try write(
      "src/nested_arrays_100k.json",
      #"{"sources":[{"src":"https://x.example/a.mp4","ssai":{"integration":"x"},"x":"# + deep
        + #"}],"duration":10}"#)
    let ads = (0..<10_000).map { #"{"sources":"\#(base)/file/t.xml","timeOffset":\#($0)}"# }
    try write(
      "src/ads_many.json",
      #"{"sources":[{"src":"https://x.example/a.mp4"}],"ads":["# + ads.joined(separator: ",") + "]}")
    try write("act/deep.json", deep)
    try write(
      "vast/wrapper_macro.xml",
      "<VAST version=\"4.1\"><Ad id=\"m\"><Wrapper><AdSystem>a</AdSystem><VASTAdTagURI>\(base)/file/inline.xml?x="
        + "[CACHEBUSTING]&amp;y=[" + String(repeating: "A", count: 100_000)
        + "]&amp;z=%5BTIMESTAMP%5D</VASTAdTagURI></Wrapper></Ad></VAST>")
    let wrappers = (0..<300).map {
      "<Ad id=\"\($0)\"><Wrapper allowMultipleAds=\"true\"><AdSystem>a</AdSystem><VASTAdTagURI>"
        + "\(base)/delay/0.1/inline.xml?n=\($0)</VASTAdTagURI></Wrapper></Ad>"
    }
    try write("vast/wrapper_many_ads.xml", "<VAST version=\"3.0\">" + wrappers.joined() + "</VAST>")
    try write(
      "rec/deep_json/index.json",
      #"{"version":1,"exchanges":[{"key":"GET https://ads.example/vast?id=7","method":"GET","url":"u","headers":"#
        + deep + "}]}")
    let exchanges = (0..<20_000).map {
      #"{"key": "GET https://ads.example/vast?id=\#($0)", "method": "GET", "url": "https://ads.example/vast?id=\#($0)", "status": 200, "headers": {}}"#
    }
    try write(
      "rec/many_exchanges/index.json",
      #"{"version": 1, "exchanges": ["# + exchanges.joined(separator: ",") + "]}")
  }

  /// What git cannot hold: a FIFO, a link out of a recording, a 50 MB body (sparse).
  private func makeSpecialFiles() throws {
    for path in [
      "rec/body_fifo/bodies", "rec/body_symlink_out/bodies", "rec/body_huge/bodies", "rec/body_dir/bodies",
    ] {
      try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }
    _ = mkfifo(url("rec/body_fifo/bodies/fifo").path, 0o600)
    _ = mkfifo(url("vast/fifo").path, 0o600)
    try FileManager.default.createSymbolicLink(
      atPath: url("rec/body_symlink_out/bodies/000001.bin").path, withDestinationPath: "/etc/passwd")
    let huge = url("rec/body_huge/bodies/000001.bin")
    _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 50 << 20)
    try handle.close()
  }

  /// The playlists too large to keep, by name.
  private static func generatedPlaylist(_ name: String) -> String? {
    let head = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n"
    // One segment repeated (the same URI each time): built at once, not line by line.
    func segments(_ count: Int, _ duration: String) -> String {
      head + String(repeating: "#EXTINF:\(duration),\ns.ts\n", count: count) + "#EXT-X-ENDLIST\n"
    }
    switch name {
    case "segments_1e6.m3u8": return segments(1_000_000, "1")
    case "segments_240k.m3u8": return segments(240_000, "0.001")
    case "huge_extinf_many.m3u8": return segments(1_000, "1e300")
    case "zero_extinf_many.m3u8": return segments(100_000, "0")
    case "long_line.m3u8":
      return head + "#EXTINF:10," + String(repeating: "x", count: 1 << 20) + "\ns0.ts\n#EXT-X-ENDLIST\n"
    case "cues_many.m3u8":
      return head + String(repeating: "#EXT-X-CUE-OUT:1\n#EXTINF:1,\ns.ts\n#EXT-X-CUE-IN\n", count: 10_000)
        + "#EXT-X-ENDLIST\n"
    default: return nil
    }
  }

  private func routes() {
    let served = folder.appendingPathComponent("served")
    let file: @Sendable (String) -> LoopbackResponse = { name in
      if let text = Self.generatedPlaylist(name) { return .text(text, type: "application/x-mpegurl") }
      guard let data = try? Data(contentsOf: served.appendingPathComponent(name)) else { return .notFound }
      return LoopbackResponse(body: data)
    }
    server.fallback { request in
      let parts = request.path.split(separator: "/").map(String.init)
      if parts.count == 2, parts[0] == "file" { return file(parts[1]) }
      if parts.count == 3, parts[0] == "delay" {
        var response = file(parts[2])
        response.fault = .delay(Double(parts[1]) ?? 0)
        return response
      }
      return .notFound
    }
    // Live playlists by mode (normal, backwards: the media sequence goes down, huge numbers).
    server.route("/live.m3u8") { request in file("live/\(request.query["mode"] ?? "normal").m3u8") }
    server.route("/drip") { _ in
      LoopbackResponse(body: Data(repeating: 0x20, count: 4096), fault: .drip(bytes: 1, interval: 0.5))
    }
    server.route("/gzipbomb") { _ in
      LoopbackResponse(
        headers: [("Content-Type", "application/xml"), ("Content-Encoding", "gzip")],
        body: GzipBomb.data(inflatedBytes: 256 << 20))
    }
    server.route("/huge") { _ in LoopbackResponse(body: Data(repeating: 0x41, count: 8 << 20)) }
    server.route("/lie") { _ in
      LoopbackResponse(body: Data(repeating: 0x41, count: 1 << 20), fault: .truncate(afterBytes: 10))
    }
    server.route("/redirect") { request in
      LoopbackResponse(status: 302, headers: [("Location", request.query["to"] ?? "/")])
    }
    server.route("/redirloop") { _ in LoopbackResponse(status: 302, headers: [("Location", "/redirloop")]) }
  }
}
