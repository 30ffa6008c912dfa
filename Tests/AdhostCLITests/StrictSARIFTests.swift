import Foundation
import TestFiles
import Testing

/// `adhost run --sarif FILE`: the violations as a SARIF 2.1.0 log, placed in the plugin.
@Suite struct StrictSARIFTests {
  @Test func theViolationsAreAValidSARIFLog() async throws {
    let scratch = try Scratch()
    let log = scratch.folder.appendingPathComponent("run.sarif").path
    let run = try await strictRun(StrictConfigTests.doubledQuartile, arguments: ["--sarif", log])
    #expect(run.code == 1)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: log)))
    let sarif = try #require(object as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")
    let first = try #require((sarif["runs"] as? [[String: Any]])?.first)
    #expect(
      ((first["tool"] as? [String: Any])?["driver"] as? [String: Any])?["name"] as? String == "adhost run")
    let result = try #require((first["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "beacon-once")
    #expect(result["level"] as? String == "error")
    let location = try #require(
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
    #expect(
      ((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("plugin.lua") == true)
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 1)
    guard let validation = try CheckSARIFSchemaTests.validate(log) else { return }
    #expect(validation.valid, "\(validation.output)")
  }

  @Test func aLogThatCannotBeWrittenIsExit74() async throws {
    let scratch = try Scratch()
    let log = scratch.folder.appendingPathComponent("missing/run.sarif").path
    let run = try await strictRun(wellPlayedAd, arguments: ["--sarif", log])
    #expect(run.code == 74, "\(run.errors)")
    #expect(run.errors.contains("adhost run: --sarif \(log): "), "\(run.errors)")
  }
}
