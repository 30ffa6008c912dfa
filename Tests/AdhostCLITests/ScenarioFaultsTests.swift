import Foundation
import TestFiles
import Testing

/// A scenario's `faults`: a plan's path or the plan inline, checked where it is written.
@Suite struct ScenarioFaultsTests {
  static func scenario(_ scratch: Scratch, server: AdServer, faults: String) throws -> String {
    let plugin = try scratch.write("plugin.lua", ClientSideAdsTests.plugin)
    let ads = #"[{"sources": ""# + server.base + #"/ads/direct", "timeOffset": "start"}]"#
    return try scratch.write(
      "wrapper-late.scenario.json",
      #"{"plugin": ""# + plugin
        + #"", "source": {"sources": [{"src": "https://cdn.example/c.m3u8"}], "duration": 10, "ads": "#
        + ads + #"}, "allowHttp": true, "faults": "# + faults
        + #", "errors": [{"message": "*VAST error 301*"}], "events": [{"type": "aderror", "at": 5}, {"type": "ended", "at": 15}], "strict": false}"#
    )
  }

  @Test func aPlanByPathAndInlineGiveTheSameRun() async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let scratch = try Scratch()
    let plan = #"{"rules": [{"kind": "wrapper", "fault": "delay", "seconds": 30}]}"#
    let path = try scratch.write("plan.json", plan)
    for faults in [plan, #"""# + path + #"""#] {
      let run = await adhost(["test", try Self.scenario(scratch, server: server, faults: faults)])
      #expect(run.code == 0, "\(run.output)")
    }
    #expect(server.errorCodes == ["301", "301"])
  }

  @Test func aBadInlinePlanNamesTheScenarioAndTheJSONPath() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let file = try Self.scenario(scratch, server: server, faults: #"{"rules": [{"fault": "explode"}]}"#)
    let run = await adhost(["test", file])
    #expect(run.code != 0)
    #expect(run.output.contains("\(file): faults.rules[0].fault: expected one of delay"), "\(run.output)")
    #expect(server.server.requests.isEmpty)
  }
}
