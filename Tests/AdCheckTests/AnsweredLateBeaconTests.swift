import AdCheck
import PlayerSeam
import Testing

/// A real engine's clock goes on while a beacon is answered: its entry is logged later, with the
/// time it was sent (`sentAt`) and the content time then. The strict rules judge it where it was
/// sent.
@Suite struct AnsweredLateBeaconTests {
  private func rules(_ log: LogBuilder) -> [String] {
    StrictRules.check(log.entries).map(\.description)
  }

  /// A stitched 6 s ad at 0 whose quartile and complete beacons are each sent on time and logged
  /// `late` seconds later (with `sentAt` when `marked`), the ad ending at 6 s.
  private func answeredLate(by late: Double, marked: Bool) -> LogBuilder {
    var log = LogBuilder.playing(duration: 6)
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.beacon(0, "start", ad: "a1")
    var sent: [(Double, String)] = [(1.5, "firstQuartile"), (3, "midpoint"), (4.5, "thirdQuartile")]
    sent.append((5.9, "complete"))
    for (time, event) in sent {
      log.add(time, .timeupdate, [("currentTime", .number(time))])
      var fields: [(String, JSONValue)] = [
        ("event", .string(event)), ("url", .string("https://t.example/\(event)")), ("status", .number(204)),
        ("contentTime", .number(time)),
      ]
      if marked { fields.append(("sentAt", .number(time))) }
      if event == "complete" {
        log.add(6, .adend, ad: "a1", adBreak: 0)
        log.add(6, .adbreakend, adBreak: 0)
      }
      log.add(time + late, .beacon, ad: "a1", fields)
    }
    return log
  }

  @Test func beaconsAnsweredLateAreJudgedWhereTheyWereSent() {
    #expect(rules(answeredLate(by: 0.4, marked: true)) == [])
  }

  /// The same log without `sentAt`: the beacons look 0.4 s late, and the complete one after the
  /// ad's end.
  @Test func withoutTheirSendingTimeTheSameBeaconsBreakTheRules() {
    let found = rules(answeredLate(by: 0.4, marked: false))
    #expect(found.contains { $0.hasPrefix("quartile-time at 3.4 s") }, "\(found)")
    #expect(found.contains { $0.hasPrefix("ad-event-inside-begin-end at 6.3 s") }, "\(found)")
  }

  /// A beacon sent twice, each answered late, is one firing too many wherever it was logged.
  @Test func aBeaconSentAgainStillFiresTwice() {
    var log = answeredLate(by: 0.4, marked: true)
    log.add(
      6.6, .beacon, ad: "a1",
      [
        ("event", .string("midpoint")), ("url", .string("https://t.example/midpoint")),
        ("status", .number(204)), ("contentTime", .number(5.95)), ("sentAt", .number(5.95)),
      ])
    let found = rules(log)
    #expect(found.contains { $0.hasPrefix("beacon-once at 6.6 s") }, "\(found)")
  }

  /// How a violation names a beacon answered late: when it was sent and when it was logged.
  @Test func aViolationNamesWhenTheBeaconWasSentAndLogged() {
    var log = LogBuilder.playing(duration: 6)
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(3.5, .timeupdate, [("currentTime", .number(3.5))])
    log.add(
      3.9, .beacon, ad: "a1",
      [
        ("event", .string("midpoint")), ("url", .string("https://t.example/m")), ("status", .number(204)),
        ("contentTime", .number(3.5)), ("sentAt", .number(3.5)),
      ])
    let found = rules(log)
    #expect(
      found.contains {
        $0.contains("midpoint beacon 3.5 s into the ad") && $0.contains("sent at 3.5 s, logged at 3.9 s")
      },
      "\(found)")
  }
}
