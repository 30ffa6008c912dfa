import Foundation
import TestFiles
import Testing

/// `SourceDescription.ads`: VAST tags played by the host itself, client-side.
@Suite struct ClientSideAdsTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("none", function() return {} end)
    """

  @Test func thePrerollMidrollAndPostrollPlayWithTheirBeacons() async throws {
    let server = try AdServer(adDuration: "00:00:04")
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let tag = server.base + "/ads/direct"
    let ads =
      #"[{"sources": ""# + tag + #"", "timeOffset": "start"}, {"sources": ""# + tag
      + #"", "timeOffset": "00:00:05"}, {"sources": ""# + tag + #"", "timeOffset": "end"}]"#
    let run = await adhost(["run", plugin, try scratch.source(duration: 10, ads: ads), "--json"])
    #expect(run.code == 0, "\(run.errors)")

    #expect(run.events("adbreakbegin").compactMap { $0["t"] as? Double } == [0, 9, 18])
    #expect(run.events("adend").compactMap { $0["t"] as? Double } == [4, 13, 22])
    #expect(run.events("ended").compactMap { $0["t"] as? Double } == [18])
    // The content pauses for each break and resumes after it, but not after the post-roll; it
    // never plays before the pre-roll (autoplay's `play` is held while the pre-roll resolves).
    #expect(run.events("pause").compactMap { $0["currentTime"] as? Double } == [0, 5, 10])
    #expect(run.events("playing").compactMap { $0["currentTime"] as? Double } == [0, 5])
    #expect(run.events("playing").first?["t"] as? Double == 4)
    let counts = Dictionary(server.beacons.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(
      counts == [
        "impression": 6, "start": 6, "firstQuartile": 3, "midpoint": 3, "thirdQuartile": 3, "complete": 3,
      ])
  }

  @Test func seekingOverBreaksPlaysOnlyTheLastOne() async throws {
    let server = try AdServer(adDuration: "00:00:02")
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let tag = server.base + "/ads/direct"
    let ads = [10, 20, 30].map { #"{"sources": ""# + tag + #"", "timeOffset": \#($0)}"# }.joined(
      separator: ",")
    let actions = try scratch.write("actions.json", #"[{"at": 1, "do": "seek", "to": 35}]"#)
    let run = await adhost([
      "run", plugin, try scratch.source(duration: 40, ads: "[" + ads + "]"), "--json", "--actions", actions,
    ])
    #expect(run.code == 0, "\(run.errors)")
    let begun = run.events("adbreakbegin").compactMap {
      ($0["adBreak"] as? [String: Any])?["timeOffset"] as? Double
    }
    #expect(begun == [30])
    #expect(run.events("ended").first?["t"] as? Double == 8)
  }

  @Test func aTagWithNoAdIsAnAdErrorThatFiresTheErrorURLAndTheContentPlays() async throws {
    let server = try AdServer()
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let ads = #"[{"sources": ""# + server.base + #"/empty.xml", "timeOffset": "start"}]"#
    let run = await adhost(["run", plugin, try scratch.source(duration: 3, ads: ads), "--json"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").count == 1)
    #expect(server.errorCodes == ["303"])
    #expect(run.events("ended").first?["t"] as? Double == 3)
  }
}
