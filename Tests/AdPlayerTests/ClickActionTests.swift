import AdPlayer
import PlayerSeam
import Testing

/// The `click` action: decoding, and what the player does without a host to track the ad.
@Suite struct ClickActionTests {
  @Test func clicksDecodeWithATargetOrAsABareWord() throws {
    let actions = try ScriptedAction.script(
      jsonText: #"["click",{"at":3,"do":"click","target":"icon"},{"at":4,"do":"click","target":"companion"}]"#
    )
    #expect(
      actions == [
        ScriptedAction(at: 0, .click(.ad)), ScriptedAction(at: 3, .click(.icon)),
        ScriptedAction(at: 4, .click(.companion)),
      ])
    #expect(actions.map(\.name) == ["click", "click", "click"])
  }

  @Test func anUnknownTargetNamesThePath() {
    #expect(throws: ModelDecodingError.self) {
      try ScriptedAction.script(jsonText: #"[{"at":1,"do":"click","target":"banner"}]"#)
    }
    do {
      _ = try ScriptedAction.script(jsonText: #"[{"at":1,"do":"click","target":"banner"}]"#)
    } catch {
      #expect("\(error)".contains("[0].target: expected ad, icon or companion"), "\(error)")
    }
  }
}
