import Foundation
import Testing

/// `adhost vast FILE` on a VMAP document prints the schedule (issue 15, item 3).
@Suite struct VASTCommandVMAPTests {
  @Test func textSchedule() throws {
    let result = try runVastCommand([TestFixtures.url("vmap-schedule.xml").path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("VMAP 1.0, 5 ad break(s)"))
    #expect(result.output.contains("AdBreak 1 · preroll · start · linear (line 5)"))
    #expect(result.output.contains("inline VAST 4.1, 1 ad(s): pre"))
    #expect(result.output.contains("breakStart: https://ads.example/vmap/pre/start"))
    #expect(result.output.contains("AdBreak 3 · mid-b · 50% · linear,nonlinear"))
    #expect(result.output.contains("repeats every 00:10:00.000"))
    #expect(result.output.contains("AdTagURI (vast4) https://ads.example/vast/post.xml"))
  }

  @Test func jsonSchedule() throws {
    let result = try runVastCommand([TestFixtures.url("vmap-schedule.xml").path, "--json"])
    #expect(result.status == 0, "\(result.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let breaks = try #require(json["adBreaks"] as? [[String: Any]])
    #expect(breaks.map { $0["timeOffset"] as? String } == ["start", "50%", "50%", "00:10:00.000", "end"])
    #expect(breaks[3]["repeatAfter"] as? Double == 600)
    let content = (breaks[0]["adSource"] as? [String: Any])?["content"] as? [String: Any]
    let vast = (content?["vastAdData"] as? [String: Any])?["vast"] as? [String: Any]
    #expect(vast?["version"] as? String == "4.1")
  }

  @Test func rejectedDocumentPrintsTheVMAPCode() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-vmap-\(UUID().uuidString).xml")
    try Data("<vmap:VMAP xmlns:vmap=\"v\" version=\"1.0\">\n<vmap:AdBreak>".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runVastCommand([file.path])
    #expect(result.status == 1)
    #expect(result.error.contains("VMAP error 1002 (VMAP parsing error)"), "\(result.error)")
    #expect(result.error.contains("line "))
  }
}
