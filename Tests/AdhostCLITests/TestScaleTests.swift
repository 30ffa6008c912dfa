import Foundation
import TestFiles
import Testing

/// `adhost test` of a long run (many ads in one break, many warnings, many inline actions —
/// the shape of docs' red-team reproducer 06 at a size the suite affords): it passes, and its
/// `--report` page keeps the first and last rows and says how many it left out.
@Suite struct TestScaleTests {
  @Test func aLongScenarioPassesWithABoundedPage() async throws {
    let scratch = try Scratch()
    try scratch.write(
      "ads.lua",
      """
      player.ads:registerServerSideIntegration("x", function(controller)
        return { setSource = function(source)
          local b = controller:createAdBreak({timeOffset = 1})
          for i = 1, source.sources[1].ssai.n do controller:createAd({type = "linear", duration = 0.001}, b) end
          for i = 1, source.sources[1].ssai.n do log.warn("warning " .. i) end
          return true
        end }
      end)
      """)
    let actions = (0..<1000).map { index in
      #"{"at": \#(2 + Double(index) / 1000), "do": "\#(index % 2 == 0 ? "pause" : "play")"}"#
    }
    try scratch.write(
      "long.scenario.json",
      #"{"plugin": "ads.lua", "strict": false, "source": {"sources": [{"src": "https://cdn.example/x.mp4", "#
        + #""ssai": {"integration": "x", "n": 3000}}], "duration": 4}, "actions": ["#
        + actions.joined(separator: ", ") + "]}")
    let report = scratch.folder.appendingPathComponent("report")
    let run = await adhost(["test", scratch.folder.path, "--report", report.path])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix("1 passed, 0 failed\n"), "\(run.output)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: report.path).filter { $0 != "index.html" }
    #expect(pages.count == 1)
    let page = try String(
      contentsOf: report.appendingPathComponent(try #require(pages.first)), encoding: .utf8)
    #expect(page.contains("more entries omitted"))
    #expect(page.contains("1000 scripted actions"))
    #expect(page.utf8.count < 5_000_000, "\(page.utf8.count) bytes")
  }
}
