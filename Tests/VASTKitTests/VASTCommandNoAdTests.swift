import Foundation
import LoopbackHTTP
import Testing

/// `adhost vast FILE` without `--resolve` on documents that offer no ad: error 303, and with
/// `--fire-errors` their Error URLs are sent (issue 15, item 5).
@Suite struct VASTCommandNoAdTests {
  private static let executable = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/adhost")

  private func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path),
      "adhost not built at \(Self.executable.path); run swift build first")
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["vast"] + arguments
    process.environment = ["NO_COLOR": "1"]
    let error = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    try process.run()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
  }

  @Test(arguments: ["empty-no-ad.xml", "no-ad-root-error.xml", "empty-no-creative.xml"])
  func noAdIs303WithoutResolve(name: String) throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("adhost-noad-\(UUID().uuidString).xml")
    try Data(try TestFixtures.text(name, hostsTo: "http://127.0.0.1:\(server.port)").utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let quiet = try run([file.path])
    #expect(quiet.status == 1)
    #expect(quiet.error.contains("error 303"), "\(quiet.error)")
    #expect(server.requests.isEmpty)

    let firing = try run([file.path, "--fire-errors"])
    #expect(firing.status == 1)
    #expect(server.requests.count == 1, "\(server.requests.map(\.target))")
    if name == "no-ad-root-error.xml" { #expect(server.requests.first?.query["code"] == "303") }
  }
}
