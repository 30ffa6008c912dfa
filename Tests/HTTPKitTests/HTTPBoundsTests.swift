import Foundation
import HTTPKit
import HTTPTestSupport
import LoopbackHTTP
import Testing

/// What a server or a file cannot make the client do: inflate a bomb into memory, or wait for ever
/// on something that is not a file.
@Suite struct HTTPBoundsTests {
  /// A value in kB from /proc/self/status (`VmHWM` is the peak resident size, `VmRSS` the current).
  private static func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }

  @Test func aGzipBombIsStoppedWhileItStreams() async throws {
    let bomb = GzipBomb.data(inflatedBytes: 1 << 30)
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/bomb") { _ in
      LoopbackResponse(
        headers: [("Content-Type", "application/xml"), ("Content-Encoding", "gzip")], body: bomb)
    }
    // Writing 5 to clear_refs resets the peak resident size to the current one.
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = try #require(Self.status("VmRSS"))
    let client = HTTPClient(timeout: 20, maxBodyBytes: 1 << 20)
    await #expect(throws: HTTPError.bodyTooLarge(server.url("/bomb"), limit: 1 << 20)) {
      _ = try await client.get(server.url("/bomb"))
    }
    let peak = try #require(Self.status("VmHWM"))
    // The whole bomb inflated is 1 GiB; the cap is 1 MiB. Before, the chunks queued for the
    // delegate while the cancel waited for libcurl: the peak grew by the whole bomb. The peak is
    // the process's, and the suites running beside this one in it add tens of MiB (75 MiB seen
    // with a 256 MiB bomb and a 64 MiB bound): a quarter of the bomb keeps the bug 4 × over the
    // bound and the neighbours well under it.
    #expect(peak - before < 256 << 10, "peak resident size grew by \((peak - before) >> 10) MiB")
  }

  @Test func aFIFODeviceOrDirectoryIsNotReadAsAFile() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let client = HTTPClient(policy: TransportPolicy(allowsFileURLs: true), timeout: 30)
    for (url, kind) in [
      (fifo, "a FIFO"), (URL(fileURLWithPath: "/dev/zero"), "a character device"), (folder, "a directory"),
    ] {
      do {
        _ = try await client.get(url)
        Issue.record("\(url.path) was read")
      } catch {
        #expect(error == .network(url, "cannot read the file: \(kind), not a regular file"))
      }
    }
  }
}
