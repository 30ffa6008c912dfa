import Foundation
import HTTPKit
import Testing

@testable import VASTKit

/// What a file cannot make the resolver do: wait for ever on a wrapper's target that is not a
/// file (the client's own bounds: HTTPKitTests' HTTPBoundsTests).
@Suite struct WrapperFIFOTests {
  @Test func aWrapperPointingAtAFIFOFailsAtOnce() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
    let wrapper = folder.appendingPathComponent("wrapper.xml")
    try Fixtures.wrapper(next: "fifo", error: "").write(to: wrapper, atomically: true, encoding: .utf8)
    let client = HTTPClient(policy: TransportPolicy(allowsFileURLs: true), timeout: 30)
    let resolver = VASTResolver(
      client: client, options: VASTResolverOptions(requestTimeout: 30, totalBudget: 60), beacons: nil)
    do {
      _ = try await resolver.resolve(url: wrapper)
      Issue.record("a wrapper to a FIFO resolved")
    } catch {
      #expect(error.code == .wrapperTimeout)
      #expect(error.message.contains("a FIFO, not a regular file"), "\(error.message)")
    }
  }
}
