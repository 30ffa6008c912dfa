import AdPlayer
import PlayerSeam
import Testing

/// Timed-metadata cues: `cue` fires as the playhead enters one.
@Suite struct CueTests {
  private func playing(_ cues: [Cue], duration: Double = 100) -> Player {
    let player = Player(defaultTimeline: .vod(duration))
    player.prepareContent = { _, completion in
      player.setCues(cues)
      completion(.success(.vod(duration)))
    }
    player.autoplay = true
    player.setSource(SourceDescription(sources: [TypedSource(src: "https://example.com/c.m3u8")]))
    return player
  }

  private func cueLines(_ player: Player) -> [String] {
    player.log.entries.filter { $0.kind == .cue }.map(\.jsonLine)
  }

  @Test func aCueFiresAtItsExactStartOnceWhilePlayingThrough() {
    let player = playing([
      Cue(id: "a", startTime: 10.1, endTime: 20), Cue(id: "zero", startTime: 30.3, endTime: 30.3),
      Cue(id: "pre", startTime: 0),
    ])
    _ = player.run(until: 50)
    #expect(
      cueLines(player) == [
        #"{"t":0,"type":"cue","cue":{"id":"pre","kind":"cue","startTime":0,"attributes":{}},"currentTime":0}"#,
        #"{"t":10.1,"type":"cue","cue":{"id":"a","kind":"cue","startTime":10.1,"endTime":20,"attributes":{}},"#
          + #""currentTime":10.1}"#,
        #"{"t":30.3,"type":"cue","cue":{"id":"zero","kind":"cue","startTime":30.3,"endTime":30.3,"#
          + #""attributes":{}},"currentTime":30.3}"#,
      ])
  }

  /// The log carries the whole cue, so that a scenario can assert its fields (docs/testing.md
  /// "Asserting cues"); times to the microsecond, as the log's own.
  @Test func theLogGivesTheCueItsClassTimesAndAttributes() {
    let start = 12.345 - 10  // 2.3450000000000006, as a media time less an offset gives it
    let player = playing([
      Cue(
        id: "scte35-1-3", startTime: start, endTime: start + 6, cueClass: "urn:scte:scte35:2013:bin",
        kind: "scte35",
        attributes: JSONObject([("command", .string("splice_insert")), ("breakDuration", .number(6))]))
    ])
    _ = player.run(until: 5)
    #expect(
      cueLines(player) == [
        #"{"t":2.345,"type":"cue","cue":{"id":"scte35-1-3","kind":"scte35","class":"urn:scte:scte35:2013:bin","#
          + #""startTime":2.345,"endTime":8.345,"attributes":{"command":"splice_insert","breakDuration":6}},"#
          + #""currentTime":2.345}"#
      ])
  }

  @Test func seekingIntoACueFiresItAndSeekingOverOneDoesNot() {
    let player = playing([Cue(id: "a", startTime: 10, endTime: 20), Cue(id: "b", startTime: 30, endTime: 40)])
    var heard: [(String, Double)] = []
    player.addEventListener(.cue) { event in heard.append((event.cue?.id ?? "?", event.time)) }
    player.schedule([
      ScriptedAction(at: 2, .seek(to: 35)), ScriptedAction(at: 3, .seek(to: 5)),
      ScriptedAction(at: 4, .seek(to: 25)),
    ])
    _ = player.run(until: 12)
    // 2: into b; 3: back before a; 4: over a (not entered) to 25; b again at 4 + 5 = 9.
    #expect(heard.map(\.0) == ["b", "b"])
    #expect(heard.map(\.1) == [2, 9])
  }

  @Test func cuesArrivingLaterFireWhenThePlayheadIsInsideAndAreClearedByANewSource() {
    let player = playing([])
    _ = player.run(until: 5)
    player.setCues([Cue(id: "live", startTime: 4, endTime: nil), Cue(id: "later", startTime: 8)])
    _ = player.run(until: 10)
    #expect(player.log.entries.filter { $0.kind == .cue }.map(\.time) == [5, 8])
    player.setSource(SourceDescription(sources: [TypedSource(src: "https://example.com/d.m3u8")]))
    #expect(player.cues.isEmpty)
  }
}
