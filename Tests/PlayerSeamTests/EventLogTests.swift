import AdPlayer
import PlayerSeam
import Testing

/// The event log: its line forms and modes.
@Suite struct EventLogTests {
  @Test func entriesWriteAsJSONLinesAndText() {
    let entry = LogEntry(
      micros: 12_250_000, kind: .adskip, adId: "a\"1", adBreakTimeOffset: 600,
      fields: JSONObject([("playedPercentage", .number(0.5)), ("t", .number(99))]))
    #expect(
      entry.jsonLine
        == #"{"t":12.25,"type":"adskip","ad":{"id":"a\"1"},"adBreak":{"timeOffset":600},"playedPercentage":0.5}"#
    )
    #expect(entry.textLine == "     12.25  adskip  ad=a\"1  break@600  playedPercentage=0.5  t=99")
  }

  @Test func otherModulesAppendTheirOwnEntries() {
    let player = Player()
    player.loop.after(1.5) {
      player.appendLog(
        .beacon, adId: "a1",
        fields: JSONObject([
          ("event", .string("impression")), ("url", .string("https://t/i")), ("status", .number(200)),
        ]))
    }
    _ = player.run()
    #expect(
      player.log.jsonLines
        == #"{"t":1.5,"type":"beacon","ad":{"id":"a1"},"event":"impression","url":"https://t/i","status":200}"#
        + "\n")
    #expect(player.log.text == "       1.5  beacon  ad=a1  event=impression  url=https://t/i  status=200\n")
  }

  @Test func aStreamingLogKeepsNothingAndACountingLogOnlyCounts() {
    var streamed: [String] = []
    let streaming = Player(
      defaultTimeline: .vod(1), log: EventLog(mode: .stream { streamed.append($0.kind.rawValue) }))
    streaming.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    streaming.play()
    _ = streaming.run()
    #expect(streamed.count == 9)
    #expect(streaming.log.entries.isEmpty)
    #expect(streaming.log.count == 9)

    let counting = Player(defaultTimeline: .vod(1), log: EventLog(mode: .countOnly))
    counting.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    counting.play()
    _ = counting.run()
    #expect(counting.log.entries.isEmpty)
    #expect(counting.log.count == 9)
  }
}
