import OutsideText
import Testing

@testable import AdhostCLI

/// A scenario's times hold exactly on the headless player, and within 0.5 s on the real engine at
/// either speed (the fast mode's times are frames' times too), unless `tolerance` says otherwise.
@Suite struct ScenarioEngineToleranceTests {
  func tolerance(_ scenario: String, _ override: [String] = []) throws -> Double {
    let root = ScenarioJSON(file: "t.scenario.json", path: "", value: try JSONValue.parse(scenario))
    return try ScenarioEngine.tolerance(root, override)
  }

  @Test func theHeadlessPlayerIsExact() throws {
    #expect(try tolerance("{}") == 0)
    #expect(try tolerance(#"{"engine": "headless"}"#) == 0)
  }

  @Test func theEngineHasHalfASecondAtEitherSpeed() throws {
    #expect(try tolerance(#"{"engine": "gstreamer"}"#) == 0.5)
    #expect(try tolerance(#"{"engine": "gstreamer", "engineSpeed": "fast"}"#) == 0.5)
    #expect(try tolerance("{}", ["--engine", "gstreamer", "--engine-speed", "fast"]) == 0.5)
  }

  @Test func theScenarioSaysOtherwise() throws {
    #expect(try tolerance(#"{"engine": "gstreamer", "engineSpeed": "fast", "tolerance": 0.1}"#) == 0.1)
    #expect(try tolerance(#"{"tolerance": 0.2}"#) == 0.2)
  }
}
