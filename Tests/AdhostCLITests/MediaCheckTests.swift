import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// `adhost run --check-media`: the first bytes of each VAST ad's media file are requested as the
/// ad begins; what goes wrong is an IAB code on the ad's Error URLs and an aderror.
@Suite struct MediaCheckTests {
  /// An ad server whose inline 4 s ad plays a media file of type video/mp4 on the same server.
  static func server() throws -> LoopbackServer {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route("/tag.xml") { _ in
      .text(
        """
        <VAST version="4.1"><Ad id="ad-1"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[\(base)/t/impression]]></Impression>
        <Error><![CDATA[\(base)/err?code=[ERRORCODE]]]></Error>
        <Creatives><Creative><Linear><Duration>00:00:04</Duration>
        <TrackingEvents><Tracking event="complete"><![CDATA[\(base)/t/complete]]></Tracking></TrackingEvents>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
        <![CDATA[\(base)/media.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>
        </InLine></Ad></VAST>
        """, type: "application/xml")
    }
    server.route("/media.mp4") { _ in .text("....ftypisom", type: "video/mp4") }
    server.fallback { _ in LoopbackResponse(status: 204) }
    return server
  }

  static func run(plan: String?) async throws -> (RunResult, LoopbackServer) {
    let server = try Self.server()
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", ClientSideAdsTests.plugin)
    let ads = #"[{"sources": ""# + server.baseURL.absoluteString + #"/tag.xml", "timeOffset": "start"}]"#
    var arguments = ["run", plugin, try scratch.source(duration: 10, ads: ads), "--json", "--check-media"]
    if let plan { arguments += ["--faults", try scratch.write("faults.json", plan)] }
    return (await adhost(arguments), server)
  }

  @Test func aMediaFileThatAnswersAsItsTypeSaysIsNoError() async throws {
    let (run, server) = try await Self.run(plan: nil)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").isEmpty)
    let media = try #require(server.requests(for: "/media.mp4").first)
    #expect(media.header("range") == "bytes=0-1023")
    #expect(server.requests(for: "/err").isEmpty)
  }

  @Test(arguments: [
    (#"{"kind": "media", "fault": "timeout"}"#, "402", 5.0),
    (#"{"kind": "media", "fault": "refuse"}"#, "402", 0),
    (#"{"kind": "media", "fault": "status", "status": 404}"#, "401", 0),
    (#"{"kind": "media", "fault": "contentType", "contentType": "text/html; charset=utf-8"}"#, "405", 0),
  ])
  func aMediaFileThatFailsPingsItsCodeAndTheContentPlays(rule: String, code: String, at time: Double)
    async throws
  {
    let (run, server) = try await Self.run(plan: #"{"rules": ["# + rule + "]}")
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.requests(for: "/err").compactMap { $0.query["code"] } == [code])
    let errors = run.events("aderror")
    #expect(errors.compactMap { $0["t"] as? Double } == [time])
    #expect((errors.first?["message"] as? String)?.contains("(VAST error \(code))") == true)
    #expect(run.events("ended").first?["t"] as? Double == 14)
  }
}
