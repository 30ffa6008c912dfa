import Foundation
import TestFiles
import Testing

/// A member named twice in one object of the user's own file — a scenario, a fault plan, a
/// source, an action script — is refused with the file, the JSON path of the second occurrence
/// and the name, as a recording's index.json is (issue 26, reproducer 13.1): the last one used
/// to win silently (`"plugin":"a.lua","plugin":"b.lua"` ran b.lua).
@Suite struct RepeatedMemberTests {
  static let trivial = """
    player.ads:registerServerSideIntegration("x", function()
      return { setSource = function() return true end }
    end)
    """
  static let source =
    #"{"sources":[{"src":"https://cdn.example/x.mp4","ssai":{"integration":"x"}}],"duration":2}"#
  static let twice = #"appears a second time in the same object; expected each name once"#

  @Test func aScenarioNamingAMemberTwiceIsRefused() async throws {
    let scratch = try Scratch()
    try scratch.write("triv.lua", Self.trivial)
    let scenario = try scratch.write(
      "dup.scenario.json", #"{"plugin":"triv.lua","plugin":"missing.lua","source":"# + Self.source + "}")
    let run = await adhost(["test", scenario])
    #expect(run.code != 0)
    #expect(run.output.contains(#"\#(scenario): plugin: "plugin" \#(Self.twice)"#), "\(run.output)")
  }

  @Test func aNestedRepeatInAScenarioNamesItsPath() async throws {
    let scratch = try Scratch()
    try scratch.write("triv.lua", Self.trivial)
    let scenario = try scratch.write(
      "nested.scenario.json",
      #"{"plugin":"triv.lua","source":"# + Self.source
        + #","faults":{"rules":[{"fault":"refuse"},{"fault":"refuse","fault":"delay","seconds":1}]}}"#)
    let run = await adhost(["test", scenario])
    #expect(run.code != 0)
    #expect(
      run.output.contains(#"\#(scenario): faults.rules[1].fault: "fault" \#(Self.twice)"#), "\(run.output)")
  }

  @Test func aFaultPlanNamingAMemberTwiceIsRefused() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("triv.lua", Self.trivial)
    let source = try scratch.write("src.json", Self.source)
    let plan = try scratch.write("plan.json", #"{"rules":[{"fault":"refuse","fault":"delay"}]}"#)
    let run = await adhost(["run", plugin, source, "--faults", plan])
    #expect(run.code == 64, "\(run.errors)")
    #expect(run.errors.contains(#"\#(plan) rules[0].fault: "fault" \#(Self.twice)"#), "\(run.errors)")
  }

  @Test func aSourceNamingAMemberTwiceIsRefusedEscapesUndone() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("triv.lua", Self.trivial)
    let source = try scratch.write(
      "src.json",
      #"{"sources":[{"src":"https://cdn.example/x.mp4","ssai":{"integration":"x","integr\u0061tion":"y"}}]}"#)
    let run = await adhost(["run", plugin, source])
    #expect(run.code == 64, "\(run.errors)")
    #expect(
      run.errors.contains(#"\#(source): sources[0].ssai.integration: "integration" \#(Self.twice)"#),
      "\(run.errors)")
  }

  @Test func anActionScriptNamingAMemberTwiceIsRefused() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("triv.lua", Self.trivial)
    let source = try scratch.write("src.json", Self.source)
    let actions = try scratch.write("actions.json", #"[{"at":1,"do":"pause","at":2}]"#)
    let run = await adhost(["run", plugin, source, "--actions", actions])
    #expect(run.code == 64, "\(run.errors)")
    #expect(run.errors.contains(#"[0].at: "at" \#(Self.twice)"#), "\(run.errors)")
  }

  @Test func theSameNameInTwoObjectsIsNoRepeat() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write("triv.lua", Self.trivial)
    let source = try scratch.write(
      "src.json",
      #"{"sources":[{"src":"https://cdn.example/a.mp4","ssai":{"integration":"x"}},"#
        + #"{"src":"https://cdn.example/b.mp4","ssai":{"integration":"x"}}],"duration":2}"#)
    let run = await adhost(["run", plugin, source])
    #expect(run.code == 0, "\(run.errors)")
  }
}
