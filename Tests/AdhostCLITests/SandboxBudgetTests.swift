import Foundation
import Testing

/// What the host does for a plugin (copying its tables, decoding its JSON) is bounded by the
/// plugin's budgets, and stopping it names the plugin's line and the budget.
@Suite struct SandboxBudgetTests {
  @Test func encodingATableOfSharedSubtablesEndsAtTheMemoryBudget() async throws {
    // 2^40 values reached: the host copied them for minutes.
    let run = try await runSetSource(
      "local t = {} for i = 1, 40 do t = {t, t} end json.encode(t)", arguments: ["--memory", "4"])
    #expect(run.code == 70, "\(run.errors)")
    #expect(
      run.errors.contains(
        "plugin.lua:4: memory budget exceeded (4 MiB) copying a Lua value into the host (at "),
      "\(run.errors)")
  }

  @Test func decodingJSONThatWouldNotFitTheMemoryBudgetIsRefusedBeforeItGrows() async throws {
    let run = try await runSetSource(
      """
      local text = "[" .. string.rep("0,", 3000000) .. "0]"
            local ok, message = pcall(json.decode, text)
            error(ok and "decoded" or message, 0)
      """, arguments: ["--memory", "16"])
    #expect(run.code == 70, "\(run.errors)")
    #expect(
      run.errors.contains("plugin.lua:5: memory budget exceeded (16 MiB): the result would take about"),
      "\(run.errors)")
  }

  @Test func decodingJSONWithinTheBudgetWorks() async throws {
    let run = try await runSetSource(
      """
      local value = json.decode('{"a": [1, 2, {"b": null}]}')
            assert(value.a[2] == 2 and value.a[3].b == json.null)
            error("decoded", 0)
      """)
    #expect(run.errors.contains("decoded"), "\(run.errors)")
  }
}

/// Budgets hold in a plugin run even against a message handler that loops.
@Suite struct MessageHandlerBudgetTests {
  @Test func anXpcallWhoseHandlerLoopsIsStoppedByTheBudget() async throws {
    let run = try await runSetSource(
      "xpcall(function() while true do end end, function() while true do end end)",
      arguments: ["--seconds", "1", "--instructions", "1000"])
    #expect(run.code == 70, "\(run.errors)")
    #expect(
      run.errors.contains("plugin.lua:4: instruction budget exceeded (1000 instructions)"), "\(run.errors)")
  }
}
