import Foundation
import LoopbackHTTP
import MediaFixtures
import MediaWriter
import TestFiles
import Testing

/// A scenario pins the variant played and the forward buffer (issue 41, item 6): `variant`,
/// `maxBandwidth`, `buffer` and `noSegments` are `--variant`, `--max-bandwidth`, `--buffer` and
/// `--no-segments`, checked where they are written (docs/testing.md "What to run").
@Suite struct ScenarioSegmentOptionsTests {
  /// A multivariant playlist of two variants (`low` at 500 kb/s, `high` at 2 Mb/s), each four
  /// 6 s TS segments.
  static func serve() throws -> LoopbackServer {
    let server = try LoopbackServer()
    for (index, start) in [10.0, 16, 22, 28].enumerated() {
      var writer = TSWriter()
      writer.video(pts: UInt64((start * 90_000).rounded()))
      writer.video(pts: UInt64(((start + 5.96) * 90_000).rounded()))
      let segment = Data(writer.bytes)
      for name in ["low", "high"] {
        server.route("/\(name)\(index).ts") { _ in LoopbackResponse(body: segment) }
      }
    }
    for name in ["low", "high"] {
      let segments = (0..<4).map { "#EXTINF:6,\n\(name)\($0).ts\n" }.joined()
      server.route("/\(name).m3u8") { _ in
        .text(
          "#EXTM3U\n#EXT-X-TARGETDURATION:6\n\(segments)#EXT-X-ENDLIST\n",
          type: "application/vnd.apple.mpegurl")
      }
    }
    server.route("/master.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2000000\nhigh.m3u8\n",
        type: "application/vnd.apple.mpegurl")
    }
    return server
  }

  /// Runs a scenario with `members` (JSON members, each followed by a comma) over the server.
  func test(_ members: String) async throws -> RunResult {
    let server = try Self.serve()
    defer { server.stop() }
    let scratch = try Scratch()
    try scratch.write(
      "plugin.lua", #"player.ads:registerServerSideIntegration("plain", function() return {} end)"#)
    try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.url("/master.m3u8").absoluteString
        + #"", "type": "application/x-mpegurl", "ssai": {"integration": "plain"}}}"#)
    let file = try scratch.write(
      "pinned.scenario.json",
      #"{"plugin": "plugin.lua", "source": "source.json", "until": 1, "# + members + "}")
    return await adhost(["test", file, "-j", "1"])
  }

  /// Variant 1 is `high`; a 6 s buffer holds one segment ahead: the second loads as the
  /// playhead leaves 0, the third not within the first second (30 s would load all at 0).
  @Test func theVariantAndTheBufferArePinned() async throws {
    let run = try await test(
      #""variant": 1, "buffer": 6, "requests": [{"url": "*/high0.ts", "at": 0}, {"url": "*/high1.ts", "at": 0.25}], "#
        + #""noRequests": [{"url": "*/low*"}, {"url": "*/high2.ts"}]"#)
    #expect(run.code == 0, "\(run.output)\(run.errors)")
  }

  @Test func theVariantIsPinnedByBandwidth() async throws {
    let run = try await test(
      #""maxBandwidth": 1000000, "requests": [{"url": "*/low3.ts"}], "noRequests": [{"url": "*/high*"}]"#)
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    let unpinned = try await test(#""noSegments": true, "noRequests": [{"url": "*.ts"}]"#)
    #expect(unpinned.code == 0, "\(unpinned.output)\(unpinned.errors)")
  }

  @Test func aBadChoiceIsNamedWhereItIsWritten() async throws {
    let both = try await test(#""variant": 0, "maxBandwidth": 1000000"#)
    #expect(both.code != 0)
    #expect(
      (both.output + both.errors).contains("maxBandwidth: variant and maxBandwidth both pick a variant"),
      "\(both.output)\(both.errors)")
    let buffer = try await test(#""buffer": 0.5"#)
    #expect(
      (buffer.output + buffer.errors).contains("buffer: expected a number of seconds from 1 to 3600"),
      "\(buffer.output)\(buffer.errors)")
    let variant = try await test(#""variant": -1"#)
    #expect(
      (variant.output + variant.errors).contains("variant: expected a whole number"), "\(variant.output)")
  }
}
