import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `adhost check --resolve` with `--record DIR` and `--offline DIR`, as `adhost run` takes them:
/// a chain served on 127.0.0.1 is recorded, then checked again from the recording alone.
@Suite struct CheckResolveRecordingTests {
  @Test func aRecordedChainIsCheckedOfflineWithTheSameFindings() async throws {
    let server = try LoopbackServer()
    let inline = server.url("/inline.xml").absoluteString
    server.route("/wrapper.xml") { _ in .text(CheckResolveTests.wrapper(to: inline), type: "application/xml")
    }
    server.route("/inline.xml") { _ in .text(CheckCommandTests.broken, type: "application/xml") }
    let scratch = try Scratch()
    let top = try scratch.write(
      "top.xml", CheckResolveTests.wrapper(to: server.url("/wrapper.xml").absoluteString))
    let recording = scratch.folder.appendingPathComponent("rec").path
    let recorded = await adhost(["check", "--resolve", "--json", "--record", recording, top])
    server.stop()
    #expect(recorded.code == 1, "\(recorded.errors)")
    #expect(recorded.output.contains(#""rule":"inline-impression-missing""#))
    #expect(recorded.output.contains(#""rule":"url-http""#))
    #expect(FileManager.default.fileExists(atPath: recording + "/index.json"))

    // The server is gone: only the recording can answer.
    let replayed = await adhost(["check", "--resolve", "--json", "--offline", recording, top])
    #expect(replayed.code == 1, "\(replayed.errors)")
    #expect(replayed.output == recorded.output)
    #expect(!replayed.output.contains("wrapper-unreachable"))

    let empty = scratch.folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try scratch.write("empty/index.json", #"{"version": 1, "exchanges": []}"#)
    let missing = await adhost(["check", "--resolve", "--offline", empty.path, top])
    #expect(missing.output.contains("error [wrapper-unreachable]"))
    #expect(await adhost(["check", "--offline", recording, "--record", recording, top]).code == 64)
  }
}
