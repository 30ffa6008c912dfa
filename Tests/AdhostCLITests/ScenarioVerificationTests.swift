import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// A scenario's `verificationVendors` is `adhost run --verification-vendors`: a vendor left out
/// is rejected (`[REASON]` 1), and what it holds is checked where it is written.
@Suite struct ScenarioVerificationTests {
  static func scenario(vendors: String, in scratch: Scratch, server: LoopbackServer) throws -> String {
    try scratch.write("plugin.lua", VASTExtrasServer.plugin)
    let base = server.baseURL.absoluteString
    try scratch.write(
      "source.json",
      #"{"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "t", "tag": ""# + base
        + #"/outer"}}], "duration": 10}"#)
    return try scratch.write(
      "omid.scenario.json",
      """
      {"plugin": "plugin.lua", "source": "source.json", "allowHttp": true, "verificationVendors": \(vendors),
       "events": [{"type": "verification", "fields": {"vendor": "inline.example-omid", "result": "notExecuted", "reason": 1}},
                  {"type": "verification", "fields": {"vendor": "wrapper.example-omid", "result": "loaded"}}],
       "beacons": [{"event": "verificationNotExecuted", "url": "*vendor=inline.example-omid&reason=1", "at": 1}]}
      """)
  }

  static func server() throws -> LoopbackServer {
    let base = VASTExtrasServer.base
    return try VASTExtrasServer.start(
      wrapperVerifications: VASTExtrasServer.verification(
        base, vendor: "wrapper.example-omid", script: "w.js"),
      inLineVerifications: VASTExtrasServer.verification(base, vendor: "inline.example-omid", script: "i.js"))
  }

  @Test func aVendorLeftOffTheScenarioListIsRejected() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let scratch = try Scratch()
    let file = try Self.scenario(vendors: #"["wrapper.example-omid"]"#, in: scratch, server: server)
    let run = await adhost(["test", file, "-j", "1"])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(server.requests(for: "/omid/i.js").isEmpty)
    #expect(server.requests(for: "/nx").compactMap { $0.query["reason"] } == ["1"])
  }

  @Test func aVendorThatIsNoNameIsAnErrorAtItsPath() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let scratch = try Scratch()
    let file = try Self.scenario(vendors: #"["wrapper.example-omid", 5]"#, in: scratch, server: server)
    let run = await adhost(["test", file, "-j", "1"])
    #expect(run.code != 0)
    #expect((run.output + run.errors).contains("verificationVendors[1]"), "\(run.output)\(run.errors)")
    #expect(server.requests.isEmpty)
  }
}
