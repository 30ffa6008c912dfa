import Foundation
import TestFiles
import Testing

/// `plugins/omnibox.lua` end to end through `adhost run`, against an ad server on 127.0.0.1.
@Suite struct OmniboxTests {
  let omnibox = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path

  func ssai(_ server: AdServer, midrolls: String = "[20]") -> String {
    #"{"integration": "omnibox", "placement": "test_plc", "width": 640, "height": 360, "midrolls": "#
      + midrolls + #", "endpoint": ""# + server.base + #"/ads/direct"}"#
  }

  static let oneBreak = [
    "adbreakbegin@0", "adbegin:ad-1", "beacon:impression", "beacon:impression", "beacon:start",
    "beacon:start", "adfirstquartile:ad-1", "beacon:firstQuartile", "admidpoint:ad-1", "beacon:midpoint",
    "adthirdquartile:ad-1", "beacon:thirdQuartile", "adend:ad-1", "adbreakend@0", "play", "playing",
    "beacon:complete",
  ]

  @Test func playsThePrerollAndMidrollWithEveryBeaconOnceAndInOrder() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let source = try scratch.source(duration: 40, ssai: ssai(server))
    let run = await adhost(["run", omnibox, source, "--json"])
    #expect(run.code == 0, "\(run.errors)")

    let midroll = Self.oneBreak.map { $0.replacingOccurrences(of: "@0", with: "@20") }
    // The pre-roll loads in setSource, the mid-roll right after, while the content starts; each
    // ad created from VAST is logged as tracked (`vasttracking`, its impression URLs).
    let expected =
      [
        "addadbreak@0", "addad:ad-1", "vasttracking:ad-1", "sourcechange", "play", "playing", "addadbreak@20",
        "addad:ad-1", "vasttracking:ad-1", "pause",
      ]
      + Self.oneBreak + ["pause"] + midroll + ["pause", "ended", "removeadbreak@0", "removeadbreak@20"]
    #expect(run.timeline == expected)
    #expect(run.events("adbegin").compactMap { $0["t"] as? Double } == [0, 30])
    #expect(run.events("ended").first?["t"] as? Double == 60)
    #expect(run.events("beacon").allSatisfy { $0["status"] as? Int == 204 })

    let requests = server.server.requests(for: "/ads/direct")
    #expect(requests.count == 2)
    for request in requests {
      #expect(request.query["plc"] == "test_plc")
      #expect(request.query["w"] == "640" && request.query["h"] == "360" && request.query["t"] == "app")
      #expect(request.query["cb"].flatMap { Int($0) } != nil)
    }
    let perBreak = [
      "impression", "impression", "start", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
    ]
    let received = server.beacons
    #expect(received.count == 16)
    for half in [received.prefix(8), received.suffix(8)] {
      // impression and start go out together; the rest one at a time, in order.
      #expect(half.prefix(4).sorted() == perBreak.prefix(4).sorted())
      #expect(Array(half.dropFirst(4)) == Array(perBreak.dropFirst(4)))
    }
  }

  @Test func aSkipPastTheSkipOffsetSkipsAndAnEarlyOneIsRefused() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let source = try scratch.source(duration: 30, ssai: ssai(server, midrolls: "[]"))
    let actions = try scratch.write("actions.json", #"[{"at": 2, "do": "skip"}, {"at": 6, "do": "skip"}]"#)
    let run = await adhost(["run", omnibox, source, "--json", "--actions", actions])
    #expect(run.code == 0, "\(run.errors)")
    let skipActions = run.events("action")
    #expect(skipActions.first?["result"] as? String == "not yet skippable")
    let skip = try #require(run.events("adskip").first)
    #expect(skip["t"] as? Double == 6)
    #expect(run.events("adend").isEmpty)
    #expect(server.beacons.filter { $0 == "skip" }.count == 1)
    #expect(!server.beacons.contains("complete"))
    #expect(run.events("ended").first?["t"] as? Double == 36)
  }

  @Test func anEmptyResponseIsANonFatalAdErrorAndTheContentPlays() async throws {
    let server = try AdServer()
    server.server.route("/ads/direct") { _ in .text(#"<VAST version="4.1"/>"#, type: "application/xml") }
    let scratch = try Scratch()
    let source = try scratch.source(duration: 10, ssai: ssai(server, midrolls: "[]"))
    let run = await adhost(["run", omnibox, source, "--json"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(!run.events("aderror").isEmpty)
    #expect(run.events("adbegin").isEmpty)
    #expect(run.events("ended").first?["t"] as? Double == 10)
  }

  @Test func aMissingPlacementIsAFatalErrorNamingTheField() async throws {
    let scratch = try Scratch()
    let source = try scratch.source(ssai: #"{"integration": "omnibox"}"#)
    let run = await adhost(["run", omnibox, source, "--json"])
    #expect(run.code == 70)
    #expect(run.errors.contains("placement"))
    #expect(run.events("error").count == 1)
  }
}

/// `--record` keeps a real run's answers; `--offline` plays them back to the same log.
@Suite struct RecordReplayTests {
  @Test func aRecordedRunReplaysOfflineToTheSameLog() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let omnibox = repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path
    let source = try scratch.source(
      duration: 20,
      ssai: #"{"integration": "omnibox", "placement": "p", "midrolls": [10], "endpoint": ""# + server.base
        + #"/ads/direct"}"#)
    let folder = scratch.folder.appendingPathComponent("recording").path
    let live = await adhost(["run", omnibox, source, "--json", "--record", folder])
    #expect(live.code == 0, "\(live.errors)")
    let requestsWhileLive = server.server.requests.count
    server.server.stop()

    let replayed = await adhost(["run", omnibox, source, "--json", "--offline", folder])
    #expect(replayed.code == 0, "\(replayed.errors)")
    #expect(replayed.timeline == live.timeline)
    #expect(replayed.events("beacon").allSatisfy { $0["status"] as? Int == 204 })
    #expect(requestsWhileLive > 10)
  }
}

/// A recording that cannot be read is never overwritten.
@Suite struct RecordingSafetyTests {
  @Test func anUnreadableRecordingIsRefusedNotOverwritten() async throws {
    let scratch = try Scratch()
    let folder = scratch.folder.appendingPathComponent("recording")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let index = folder.appendingPathComponent("index.json")
    try Data("not a recording".utf8).write(to: index)
    let plugin = try scratch.write("plugin.lua", ExitCodeTests.handled)
    let run = await adhost([
      "run", plugin, try scratch.source(ssai: #"{"integration": "test"}"#), "--record", folder.path,
    ])
    #expect(run.code == 64)
    #expect(run.errors.contains("index.json cannot be read"), "\(run.errors)")
    #expect(try String(contentsOf: index, encoding: .utf8) == "not a recording")
  }
}
