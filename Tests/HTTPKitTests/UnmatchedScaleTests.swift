import Foundation
import Testing

@testable import HTTPKit

/// `--offline` counts the requests a recording does not answer by key: the work per request
/// stays constant as they grow (counted in keys looked at, never in wall time), so a plugin's
/// thousands of unmatched beacons cost linear host time.
@Suite struct UnmatchedScaleTests {
  private func steps(_ count: Int) async throws -> Int {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adhost-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"version":1,"exchanges":[]}"#.utf8).write(to: folder.appendingPathComponent("index.json"))
    let offline = try OfflineTransport(folder: folder)
    let client = HTTPClient(timeout: 2, transport: offline)
    for index in 0..<count {
      let url = try #require(URL(string: "https://t.example/b\(index)"))
      await #expect(throws: HTTPError.notRecorded(url)) { _ = try await client.get(url) }
    }
    // A repeat is counted with its key, in the order first seen.
    _ = try? await client.get(try #require(URL(string: "https://t.example/b0")))
    #expect(offline.unmatched.count == count)
    #expect(offline.unmatched.first?.count == 2)
    return offline.unmatchedSteps
  }

  @Test func unmatchedRequestsAreCountedInLinearWork() async throws {
    let small = try await steps(250)
    let large = try await steps(2000)
    #expect(large <= small * 10, "250 requests: \(small) steps, 2000: \(large) steps")
  }
}
