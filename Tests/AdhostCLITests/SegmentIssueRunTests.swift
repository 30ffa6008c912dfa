import Foundation
import LoopbackHTTP
import MediaFixtures
import TestFiles
import Testing

/// A segment whose SCTE-35 section fails its CRC_32 and whose ID3 tag's size lies (issue 37, R01):
/// `adhost run` logs both as `segment-issue` entries naming the segment's URL and byte offset,
/// `--strict` fails the run with the rule `segment-issue`, and a scenario may turn the rule off.
@Suite struct SegmentIssueRunTests {
  static func serve() throws -> LoopbackServer {
    let server = try LoopbackServer()
    let segment = Data(HostileSegments.badCRCAndLyingID3().bytes)
    server.route("/s0.ts") { _ in LoopbackResponse(body: segment) }
    server.route("/media.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\ns0.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    return server
  }

  static func files(_ scratch: Scratch, _ server: LoopbackServer) throws -> (plugin: String, source: String) {
    let plugin = try scratch.write(
      "plugin.lua", #"player.ads:registerServerSideIntegration("inband", function() return {} end)"# + "\n")
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.url("/media.m3u8").absoluteString
        + #"", "ssai": {"integration": "inband"}}}"#)
    return (plugin, source)
  }

  @Test func theIssuesAreLoggedAndBreakTheStrictRule() async throws {
    let server = try Self.serve()
    defer { server.stop() }
    let scratch = try Scratch()
    let (plugin, source) = try Self.files(scratch, server)
    let url = server.url("/s0.ts").absoluteString
    let section = HostileSegments.badCRCAndLyingID3().section

    let plain = await adhost(["run", plugin, source, "--json"])
    #expect(plain.code == 0, "\(plain.errors)")
    let issues = plain.events("segment-issue")
    #expect(issues.map { $0["url"] as? String } == [url, url])
    #expect(issues.first?["offset"] as? Double == Double(section))
    #expect(issues.map { $0["kind"] as? String } == ["malformed", "malformed"])

    let strict = await adhost(["run", plugin, source, "--strict"])
    #expect(strict.code == 1, "\(strict.output)\n\(strict.errors)")
    #expect(
      strict.output.contains(
        "strict  error  segment-issue at 0 s: segment \(url), byte \(section): PID 259: the SCTE-35 section cannot "
          + "be read: the section's CRC_32 does not match its bytes"), "\(strict.output)")
    #expect(strict.errors.contains("2 violation(s) of segment-issue"), "\(strict.errors)")
  }

  @Test func aScenarioMayTurnTheRuleOff() async throws {
    let server = try Self.serve()
    defer { server.stop() }
    let scratch = try Scratch()
    _ = try Self.files(scratch, server)
    try scratch.write("on.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json"}"#)
    try scratch.write(
      "off.scenario.json",
      #"{"plugin": "plugin.lua", "source": "source.json", "strict": {"off": ["segment-issue"]}}"#)
    let run = await adhost(["test", scratch.folder.path])
    #expect(run.output.contains("FAIL "), "\(run.output)")
    #expect(
      run.output.contains("on.scenario.json: strict: error: segment-issue at 0 s: segment "), "\(run.output)")
    #expect(run.output.hasSuffix("1 passed, 1 failed\n"), "\(run.output)")
  }
}
