import Foundation
import OutsideText
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost check`: findings with rule, severity, line and column; text, JSON Lines and SARIF;
/// `--config`, `--fail-on`, folders and the summary; exit codes.
@Suite struct CheckCommandTests {
  static let broken = """
    <VAST version="4.2">
      <Ad id="1">
        <InLine>
          <AdSystem>s</AdSystem>
          <AdTitle>t</AdTitle>
          <AdServingId>x</AdServingId>
          <Creatives/>
        </InLine>
      </Ad>
    </VAST>
    """
  /// Only warnings and infos: an http Error URL, not in CDATA.
  static let warned = """
    <VAST version="4.2">
      <Error>http://ads.example/noad</Error>
    </VAST>
    """

  @Test func textFindingsPlaceEachRuleAndAnErrorExitsOne() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.broken)
    let run = await adhost(["check", path])
    #expect(run.code == 1)
    #expect(
      run.output.contains("\(path):3:5: error [inline-impression-missing] <InLine> has no <Impression>"))
    #expect(run.output.contains("1 document: "))
  }

  @Test func jsonIsOneFindingALineWithSeverityAndRule() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.broken)
    let run = await adhost(["check", "--json", path])
    #expect(run.code == 1)
    let lines = run.output.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let object = try #require(try JSONValue.parse(String(line)).objectValue)
      #expect(object["severity"]?.stringValue != nil && object["rule"]?.stringValue != nil)
      #expect(object["line"]?.numberValue != nil && object["column"]?.numberValue != nil)
    }
    #expect(run.errors.contains("1 document: "))
  }

  @Test func failOnWarningAndConfigDecideTheExit() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("warned.xml", Self.warned)
    #expect(await adhost(["check", path]).code == 0)
    #expect(await adhost(["check", "--fail-on", "warning", path]).code == 1)
    let config = try scratch.write("config.json", #"{"rules": {"url-http": "off"}}"#)
    let quiet = await adhost(["check", "--fail-on", "warning", "--config", config, path])
    #expect(quiet.code == 0)
    #expect(!quiet.output.contains("url-http"))
    let bad = try scratch.write("bad.json", #"{"rules": {"no-such-rule": "off"}}"#)
    let refused = await adhost(["check", "--config", bad, path])
    #expect(refused.code == 64)
    #expect(refused.errors.contains("rules.no-such-rule"))
  }

  @Test func aFolderIsEveryXMLFileBelowWithASummary() async throws {
    let scratch = try Scratch()
    _ = try scratch.write("a.xml", Self.broken)
    _ = try scratch.write("b.xml", Self.warned)
    _ = try scratch.write("notes.txt", "not checked")
    let run = await adhost(["check", scratch.folder.path])
    #expect(run.code == 1)
    #expect(run.output.contains("2 documents: "))
    #expect(run.output.contains("(1 document with errors)"))
    #expect(await adhost(["check", scratch.folder.path + "/missing.xml"]).code == 64)
  }

  @Test func rulesPrintTheCatalogueOneALine() async {
    let run = await adhost(["check", "--rules"])
    #expect(run.code == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count >= 180)
    #expect(lines.contains { $0.hasPrefix("quartile-time ") && $0.contains("error") })
    #expect(lines.contains { $0.hasPrefix("url-http ") && $0.contains("warning") })
  }

  @Test func sarifHasVersionAndEveryResultARuleAndALine() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.broken)
    let log = scratch.folder.appendingPathComponent("check.sarif").path
    let run = await adhost(["check", "--sarif", log, path, try scratch.write("w.xml", Self.warned)])
    #expect(run.code == 1)
    let sarif = try JSONValue.parse(String(contentsOfFile: log, encoding: .utf8))
    #expect(sarif.objectValue?["version"]?.stringValue == "2.1.0")
    let results = try #require(
      sarif.objectValue?["runs"]?.arrayValue?.first?.objectValue?["results"]?.arrayValue)
    #expect(results.count >= 3)
    for result in results {
      let object = try #require(result.objectValue)
      #expect(object["ruleId"]?.stringValue != nil)
      let location = object["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue
      #expect(location?["region"]?.objectValue?["startLine"]?.numberValue != nil)
    }
  }
}
