import Foundation
import TestFiles
import Testing

/// Messages and log lines that used to mislead: each says once what happened, where.
@Suite struct MessageClarityTests {
  static func plugin(_ scratch: Scratch, setSource body: String) throws -> String {
    try scratch.write(
      "uplynk.lua",
      """
      player.ads:registerServerSideIntegration("uplynk", function(controller)
        return { setSource = function(source)
          \(body)
        end }
      end)
      """)
  }

  static func run(_ body: String) async throws -> (RunResult, String) {
    let scratch = try Scratch()
    let plugin = try plugin(scratch, setSource: body)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "uplynk"}"#)
    return (await adhost(["run", plugin, source]), plugin)
  }

  @Test func aFailingSetSourceIsNamedOnce() async throws {
    let (run, plugin) = try await Self.run(#"error("no session")"#)
    #expect(run.code == 70)
    #expect(
      run.errors.contains("fatal player error 10000: setSource of uplynk failed: \(plugin):3: no session"),
      "\(run.errors)")
    #expect(!run.errors.contains("failed: setSource"))
  }

  @Test func aRefusalRaisedAtLevel0PrintsNoTraceback() async throws {
    let (run, _) = try await Self.run(#"error("sources[0].ssai.placement is required", 0)"#)
    #expect(run.code == 70)
    #expect(
      run.errors
        == "adhost run: fatal player error 10000: setSource of uplynk failed: sources[0].ssai.placement is required\n",
      "\(run.errors)")
    // Any other error keeps its traceback.
    let (positioned, _) = try await Self.run(#"error("no session")"#)
    #expect(positioned.errors.contains("stack traceback"))
  }

  @Test func aMethodCalledWithADotReadsAsTheDocsSay() async throws {
    let (run, plugin) = try await Self.run("controller.beginAd(nil)")
    let text =
      "ServerSideAdIntegrationController.beginAd is a method: call it with a colon, as controller:beginAd(...)"
    #expect(run.errors.contains("\(plugin):3: \(text)"), "\(run.errors)")
    let docs = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/plugin-api.md"), encoding: .utf8)
    #expect(docs.contains("plugins/x.lua:12: \(text)"))
    #expect(docs.components(separatedBy: "call it with a colon").count == 2)
  }

  @Test func aRefusedSkipNamesTheAdAndTheSecondsLeft() async throws {
    let server = try MediaTailorTests.vodServer()
    let run = try await MediaTailorTests.run(server, actions: #"[{"at": 3, "do": "skip"}]"#)
    let refused = try #require(run.events("action").first)
    #expect((refused["ad"] as? [String: Any])?["id"] as? String == "pre-1")
    #expect(refused["result"] as? String == "not yet skippable")
    #expect(refused["skippableIn"] as? Double == 2)
  }

  @Test func beaconLinesCarryTheContentTimeTheyWereSentAt() async throws {
    let server = try MediaTailorTests.vodServer()
    let run = try await MediaTailorTests.run(server, actions: #"[{"at": 5.5, "do": "seek", "to": 20}]"#)
    let start = try #require(
      run.events("beacon").first {
        ($0["ad"] as? [String: Any])?["id"] as? String == "mid1-1" && $0["event"] as? String == "start"
      })
    #expect(start["t"] as? Double == 15.5)
    #expect(start["contentTime"] as? Double == 30)
    #expect(run.events("beacon").allSatisfy { $0["contentTime"] is Double })
  }
}
