import Foundation
import TestFiles
import Testing

/// A run that stalls because its script paused the content says which action of which file did.
@Suite struct StallHintTests {
  @Test func aScriptedPauseThatStallsTheRunIsNamed() async throws {
    let scratch = try Scratch()
    let actions = try scratch.write(
      "actions.json", #"[{"at": 1, "do": "pause"}, {"at": 2, "do": "seek", "to": 5}]"#)
    let result = try await runSetSource("", arguments: ["--actions", actions])
    #expect(result.code == 1)
    #expect(
      result.errors.contains(
        "; "
          + "the pause at 1 s in \(actions) (actions[0]) paused it and no later action plays"),
      "\(result.errors)")
  }

  @Test func aPauseFollowedByPlayIsNotBlamed() async throws {
    let scratch = try Scratch()
    let actions = try scratch.write("actions.json", #"[{"at": 1, "do": "pause"}, {"at": 1, "do": "play"}]"#)
    let result = try await runSetSource("", arguments: ["--actions", actions])
    #expect(result.code == 0, "\(result.errors)")
    #expect(!result.errors.contains("paused it"))
  }
}
