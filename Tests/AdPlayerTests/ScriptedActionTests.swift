import AdPlayer
import PlayerSeam
import Testing

/// Action scripts: decoding and what each action does.
@Suite struct ScriptedActionTests {
  @Test func scriptsDecodeObjectsAndBareWords() throws {
    let actions = try ScriptedAction.script(
      jsonText:
        #"["play",{"at":12,"do":"seek","to":30},{"at":20,"do":"skip"},"pause",{"at":25.5,"do":"play"},{"at":40,"do":"stop"}]"#
    )
    #expect(
      actions == [
        ScriptedAction(at: 0, .play), ScriptedAction(at: 12, .seek(to: 30)), ScriptedAction(at: 20, .skip),
        ScriptedAction(at: 20, .pause), ScriptedAction(at: 25.5, .play), ScriptedAction(at: 40, .stop),
      ])
  }

  @Test(arguments: [
    (#"{"at":1}"#, "expected an array of actions, found an object"),
    (#"["jump"]"#, "[0]: expected play, pause, skip, click or stop (seek needs an object)"),
    (#"["play",{"at":"5","do":"pause"}]"#, "[1].at: expected a number, found a string"),
    (#"[{"at":-1,"do":"pause"}]"#, "[0].at: expected a number of seconds ≥ 0 and at most 604800 (one week)"),
    (
      #"[{"at":1e300,"do":"pause"}]"#,
      "[0].at: expected a number of seconds ≥ 0 and at most 604800 (one week)"
    ),
    (#"[{"at":1}]"#, "[0].do: expected a string"),
    (#"[{"at":1,"do":"seek"}]"#, "[0].to: expected a number"),
    (
      #"[{"at":1,"do":"seek","to":-3}]"#,
      "[0].to: expected a number of seconds ≥ 0 and at most 604800 (one week)"
    ),
    (
      #"[{"at":1,"do":"seek","to":1e300}]"#,
      "[0].to: expected a number of seconds ≥ 0 and at most 604800 (one week)"
    ),
    (#"[{"at":1,"do":"rewind"}]"#, "[0].do: expected play, pause, seek, skip, click or stop"),
    (#"[3]"#, "[0]: expected an object, found a number"),
  ])
  func badScriptsNameThePath(text: String, message: String) {
    let error = #expect(throws: ModelDecodingError.self) { try ScriptedAction.script(jsonText: text) }
    #expect(error?.description == message)
  }

  @Test func actionsAreLoggedAndPerformedAtTheirTimes() throws {
    let player = Player(defaultTimeline: .vod(600))
    player.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    player.schedule(
      try ScriptedAction.script(
        jsonText:
          #"["play",{"at":1,"do":"seek","to":100},{"at":2,"do":"pause"},{"at":3,"do":"skip"},{"at":4,"do":"play"},{"at":5,"do":"stop"},{"at":6,"do":"pause"}]"#
      ))
    let outcome = player.run()
    #expect(outcome == LoopOutcome(kind: .stopped, reason: "stopped by the script at 5 s", time: 5))
    #expect(player.currentTime == 102)
    let actions = player.log.entries.filter { $0.kind == .action }.map(\.jsonLine)
    #expect(
      actions == [
        #"{"t":0,"type":"action","do":"play"}"#,
        #"{"t":1,"type":"action","do":"seek","to":100}"#,
        #"{"t":2,"type":"action","do":"pause"}"#,
        #"{"t":3,"type":"action","do":"skip","result":"no ad playing"}"#,
        #"{"t":4,"type":"action","do":"play"}"#,
        #"{"t":5,"type":"action","do":"stop"}"#,
      ])
  }
}
