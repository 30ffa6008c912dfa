import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// The Open Measurement lifecycle the host simulates as a VAST ad begins: each verification of
/// the wrapper chain (both forms) loaded or not executed, `verificationNotExecuted` with the IAB
/// `[REASON]`: 1 rejected (vendor list, plugin), 2 not supported (no OMID script), 3 load failed.
@Suite struct VerificationRunTests {
  static func server() throws -> LoopbackServer {
    let base = VASTExtrasServer.base
    let wrapper = VASTExtrasServer.verification(base, vendor: "wrapper.example-omid", script: "wrapper.js")
    let inLine =
      VASTExtrasServer.verification(base, vendor: "missing.example-omid", script: "missing.js")
      + VASTExtrasServer.verification(base, vendor: "vpaid.example", script: "vpaid.js", framework: "VPAID")
      + VASTExtrasServer.verification(base, vendor: "plugin.example-omid", script: "plugin.js")
    let extensions =
      "<Extensions><Extension type=\"AdVerifications\"><AdVerifications>"
      + VASTExtrasServer.verification(base, vendor: "blocked.example-omid", script: "blocked.js")
      + "</AdVerifications></Extension></Extensions>"
    return try VASTExtrasServer.start(
      wrapperVerifications: wrapper, inLineVerifications: inLine, inLineExtensions: extensions)
  }

  @Test func eachVerificationLoadsOrReportsItsReason() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", VASTExtrasServer.plugin)
    let base = server.baseURL.absoluteString
    let source = try scratch.source(
      duration: 10,
      ssai: #"{"integration": "t", "tag": ""# + base + #"/outer", "reject": "plugin.example-omid"}"#)
    let vendors = "wrapper.example-omid, missing.example-omid,vpaid.example,plugin.example-omid"
    let run = await adhost([
      "run", plugin, source, "--json", "--allow-http", "--verification-vendors", vendors, "--strict",
    ])
    #expect(run.code == 0, "\(run.errors)")

    var reasons: [String: String] = [:]
    for request in server.requests(for: "/nx") {
      reasons[request.query["vendor"] ?? "?"] = request.query["reason"]
    }
    #expect(
      reasons == [
        "missing.example-omid": "3", "vpaid.example": "2", "plugin.example-omid": "1",
        "blocked.example-omid": "1",
      ])
    #expect(server.requests(for: "/nx").count == 4)
    #expect(server.requests(for: "/omid/wrapper.js").count == 1)
    #expect(server.requests(for: "/omid/missing.js").count == 1)
    for never in ["/omid/vpaid.js", "/omid/plugin.js", "/omid/blocked.js"] {
      #expect(server.requests(for: never).isEmpty, "\(never) was fetched")
    }

    let entries = run.events("verification")
    let outcomes = entries.map { entry in
      "\(entry["vendor"] ?? "?") \(entry["result"] ?? "?") \(entry["reason"] ?? entry["status"] ?? "?")"
    }
    #expect(
      Set(outcomes) == [
        "wrapper.example-omid loaded 200", "missing.example-omid notExecuted 3",
        "vpaid.example notExecuted 2",
        "plugin.example-omid notExecuted 1", "blocked.example-omid notExecuted 1",
      ], "\(outcomes)")
    #expect(entries.allSatisfy { $0["t"] as? Double == 1 }, "\(entries)")
    let missing = try #require(entries.first { $0["vendor"] as? String == "missing.example-omid" })
    #expect((missing["message"] as? String)?.contains("HTTP 404") == true)
    #expect(run.events("beacon").filter { $0["event"] as? String == "verificationNotExecuted" }.count == 4)
  }

  @Test func withoutAVendorListEveryOMIDScriptLoadsAndAFaultIsReason3() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", VASTExtrasServer.plugin)
    let base = server.baseURL.absoluteString
    let source = try scratch.source(
      duration: 10, ssai: #"{"integration": "t", "tag": ""# + base + #"/outer"}"#)
    let plan = try scratch.write(
      "faults.json", #"{"rules": [{"kind": "verification", "url": "*/wrapper.js", "fault": "timeout"}]}"#)
    let run = await adhost(["run", plugin, source, "--json", "--allow-http", "--faults", plan])
    #expect(run.code == 0, "\(run.errors)")
    var reasons: [String: String] = [:]
    for request in server.requests(for: "/nx") {
      reasons[request.query["vendor"] ?? "?"] = request.query["reason"]
    }
    #expect(reasons == ["wrapper.example-omid": "3", "missing.example-omid": "3", "vpaid.example": "2"])
    #expect(server.requests(for: "/omid/plugin.js").count == 1)
    #expect(server.requests(for: "/omid/blocked.js").count == 1)
    let timedOut = run.events("verification").first { $0["vendor"] as? String == "wrapper.example-omid" }
    #expect((timedOut?["message"] as? String)?.contains("timeout") == true, "\(String(describing: timedOut))")
  }
}
