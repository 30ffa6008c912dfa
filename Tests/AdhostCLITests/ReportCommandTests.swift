import Foundation
import TestFiles
import Testing

/// `adhost run --report` and `adhost test --report`: the pages are written, hold the run's ads
/// and beacons, and a page that cannot be written fails the command.
@Suite struct ReportCommandTests {
  static let omnibox = [
    "run", repositoryRoot.appendingPathComponent("plugins/omnibox.lua").path,
    repositoryRoot.appendingPathComponent("examples/omnibox/source.json").path, "--offline",
    repositoryRoot.appendingPathComponent("examples/omnibox/recording").path,
  ]

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func runWritesThePageOfItsLog() async throws {
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("run.html").path
    let logged = await adhost(Self.omnibox + ["--json"])
    let reported = await adhost(Self.omnibox + ["--report", page])
    #expect(reported.code == 0, "\(reported.errors)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(Self.count("<g class=\"ad played\" data-outcome", in: html) == logged.events("adbegin").count)
    #expect(Self.count("<g class=\"beacon ok\" tabindex", in: html) == logged.events("beacon").count)
    let rows = logged.events.filter { $0["type"] as? String != "timeupdate" }.count
    #expect(Self.count("<tr id=\"row-", in: html) == rows)
  }

  @Test func strictViolationsAndErrorsAreMarkedAtTheirTime() async throws {
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("strict.html").path
    let script =
      wellPlayedAd + #"at(1, function() controller:error("creative <failed>") end)"#
    let run = try await strictRun(script, arguments: ["--json", "--report", page])
    #expect(run.code == 1)
    let violations = run.events("violation")
    #expect(violations.count == 1)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(Self.count("<g class=\"check\" tabindex", in: html) == violations.count)
    #expect(html.contains("Failed check unexpected-aderror at 1 s: "))
    #expect(html.contains("✗ FAIL</span> adhost run exited with 1"))
    // The aderror: a red marker with its message, escaped, and in the list above the picture.
    #expect(Self.count("<g class=\"err\" tabindex", in: html) == run.events("aderror").count)
    #expect(html.contains("aderror at 1 s virtual: creative &lt;failed&gt;"))
    #expect(html.contains("<li class=\"err\"><strong>! aderror</strong> at 1 s: creative &lt;failed&gt;"))
  }

  @Test func aPageThatCannotBeWrittenExits74() async throws {
    let scratch = try Scratch()
    let page = scratch.folder.appendingPathComponent("missing/folder/run.html").path
    let run = await adhost(Self.omnibox + ["--report", page])
    #expect(run.code == 74)
    #expect(run.errors.contains("cannot write the report \(page)"))
  }

  @Test func testWritesAPagePerScenarioAndAnIndex() async throws {
    let scratch = try Scratch()
    let folder = scratch.folder.appendingPathComponent("report").path
    let tests = ["play-through", "skip", "seek-over-break", "seek-out-of-break"].map {
      repositoryRoot.appendingPathComponent("examples/omnibox/tests/\($0).scenario.json").path
    }
    let run = await adhost(["test"] + tests + ["--report", folder, "-j", "1"])
    #expect(run.code == 0, "\(run.output)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names.count == 5 && names.contains("index.html"))
    let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
    #expect(Self.count("✓ PASS", in: index) == 4)
    for name in names where name != "index.html" { #expect(index.contains("href=\"\(name)\"")) }
    let skip = try #require(names.first { $0.hasSuffix("skip.html") })
    let html = try String(contentsOfFile: folder + "/" + skip, encoding: .utf8)
    #expect(Self.count("<g class=\"ad skipped\" data-outcome", in: html) == 2)
    #expect(Self.count("<g class=\"action\" tabindex", in: html) == 4)
  }
}
