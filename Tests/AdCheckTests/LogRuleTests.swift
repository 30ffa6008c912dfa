import AdCheck
import PlayerSeam
import Testing

/// The rules the controller never lets a plugin break (it refuses or orders the events itself),
/// on logs written by hand; and how the checker reads a log.
@Suite struct LogRuleTests {
  private func rules(_ log: LogBuilder, _ options: StrictOptions = StrictOptions()) -> [String] {
    StrictRules.check(log.entries, options: options).map(\.description)
  }

  @Test func aQuartileEventTwice() {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(1, .adfirstquartile, ad: "a1", adBreak: 0)
    log.add(1.25, .adfirstquartile, ad: "a1", adBreak: 0)
    #expect(
      rules(log) == [
        #"quartile-once at 1.25 s, ad "a1" (break at 0 s): adfirstquartile again: it fired at 1 s already "#
          + "[adfirstquartile at 1 s; adfirstquartile at 1.25 s]"
      ])
  }

  @Test func eventsOutsideTheAdsBeginAndEnd() {
    var log = LogBuilder.playing()
    log.add(0.5, .adfirstquartile, ad: "a1", adBreak: 0)
    log.add(1, .adbreakbegin, adBreak: 0)
    log.add(1, .adbegin, ad: "a1", adBreak: 0)
    log.add(5, .adend, ad: "a1", adBreak: 0)
    log.add(5, .adbreakend, adBreak: 0)
    log.beacon(5, "complete", ad: "a1")
    log.beacon(6, "thirdQuartile", ad: "a1")
    let found = rules(log)
    #expect(
      found.first
        == #"ad-event-inside-begin-end at 0.5 s, ad "a1" (break at 0 s): adfirstquartile but the ad never began [adfirstquartile at 0.5 s]"#
    )
    #expect(
      found.contains(
        #"ad-event-inside-begin-end at 6 s, ad "a1" (break at 0 s): thirdQuartile beacon after its adend at 5 s "#
          + "[adend at 5 s; beacon thirdQuartile (https://t.example/thirdQuartile) at 6 s]"), "\(found)")
  }

  @Test func aBreakRemovedWithoutItsEnd() {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(2, .removeadbreak, adBreak: 0)
    #expect(
      rules(log) == [
        "break-ends at 2 s, break at 0 s: break removed while playing, without adbreakend "
          + "[adbreakbegin at 0 s; removeadbreak at 2 s]"
      ])
  }

  @Test func timeThatGoesBack() {
    var log = LogBuilder()
    log.add(3, .play, [("currentTime", .number(0))])
    log.add(2.5, .pause, [("currentTime", .number(0))])
    #expect(
      rules(log) == [
        "time-forward at 2.5 s: virtual time went back from 3 s to 2.5 s [play at 3 s; pause at 2.5 s]"
      ])
  }

  /// OMNIBOX's example has one ad id in two breaks: each break's beacons go to its own ad.
  @Test func oneAdIdInTwoBreaks() {
    var log = LogBuilder()
    log.add(0, .addadbreak, adBreak: 0)
    log.add(0, .addad, ad: "x", adBreak: 0, [("duration", .number(2))])
    log.add(0, .addadbreak, adBreak: 10)
    log.add(0, .addad, ad: "x", adBreak: 10, [("duration", .number(2))])
    for offset in [0.0, 10] {
      let start = offset == 0 ? 0 : 12.0
      log.add(start, .pause, [("currentTime", .number(offset))])
      log.add(start, .adbreakbegin, adBreak: offset)
      log.add(start, .adbegin, ad: "x", adBreak: offset)
      log.beacon(start, "impression", ad: "x")
      log.beacon(start, "start", ad: "x")
      for (index, event) in ["firstQuartile", "midpoint", "thirdQuartile"].enumerated() {
        let time = start + 0.5 * Double(index + 1)
        log.add(
          time, [LogKind.adfirstquartile, .admidpoint, .adthirdquartile][index], ad: "x", adBreak: offset)
        log.beacon(time, event, ad: "x")
      }
      log.add(start + 2, .adend, ad: "x", adBreak: offset)
      log.add(start + 2, .adbreakend, adBreak: offset)
      log.add(start + 2, .play, [("currentTime", .number(offset))])
      log.add(start + 2, .playing, [("currentTime", .number(offset))])
      log.beacon(start + 2, "complete", ad: "x")
    }
    #expect(rules(log).isEmpty)
  }

  /// A stitched ad is timed by the content's progress: a pause holds its quartiles back, and a
  /// seek at its very end still lets it complete.
  @Test func aStitchedAdPausedAndSeekedAtItsEnd() {
    var log = LogBuilder.playing(duration: 4)
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(0.5, .pause, [("currentTime", .number(0.5))])
    log.add(10.5, .playing, [("currentTime", .number(0.5))])
    log.add(11, .adfirstquartile, ad: "a1", adBreak: 0)
    log.add(12, .admidpoint, ad: "a1", adBreak: 0)
    log.add(13, .adthirdquartile, ad: "a1", adBreak: 0)
    log.add(13.9, .seeking, [("currentTime", .number(30))])
    log.add(13.9, .adend, ad: "a1", adBreak: 0)
    log.add(13.9, .adbreakend, adBreak: 0)
    log.beacon(13.9, "complete", ad: "a1")
    log.add(13.9, .seeked, [("currentTime", .number(30))])
    #expect(rules(log).isEmpty)
    // Left at a third of the way, it may not complete, even if the seek lands past its end.
    var early = LogBuilder.playing(duration: 4)
    early.add(0, .adbreakbegin, adBreak: 0)
    early.add(0, .adbegin, ad: "a1", adBreak: 0)
    early.add(1, .adfirstquartile, ad: "a1", adBreak: 0)
    early.add(1.5, .seeking, [("currentTime", .number(30))])
    early.add(1.5, .adend, ad: "a1", adBreak: 0)
    early.add(1.5, .adbreakend, adBreak: 0)
    early.beacon(1.5, "complete", ad: "a1")
    let found = StrictRules.check(early.entries)
    #expect(found.map(\.rule) == [.completeAfterThirdQuartile, .completeOnlyAtEnd])
    #expect(found.last?.message == "complete beacon after 1.5 s of the ad's 4 s")
  }

  @Test func theJSONFormNamesTheRuleAndTheEvents() {
    var log = LogBuilder.playing()
    log.add(1, .aderror, ad: "a1", adBreak: 0, [("message", .string("boom"))])
    let violations = StrictRules.check(log.entries)
    #expect(
      violations.map(\.jsonLine) == [
        #"{"t":1,"type":"violation","ad":{"id":"a1"},"adBreak":{"timeOffset":0},"rule":"unexpected-aderror","#
          + #""severity":"error","#
          + #""message":"aderror: boom","events":[{"t":1,"type":"aderror","ad":{"id":"a1"},"#
          + #""adBreak":{"timeOffset":0},"message":"boom"}]}"#
      ])
    #expect(StrictRules.check(log.entries, options: StrictOptions(expectedErrors: ["bo"])).isEmpty)
  }
}

/// Inserted ads (the content waits while they play) are timed by the clock, wherever a seek
/// moves the waiting content.
@Suite struct InsertedAdTests {
  @Test func aSeekDuringAnInsertedAdNeitherTimesItNorLeavesItsBreak() {
    var log = LogBuilder.playing(duration: 4)
    log.add(0, .pause, [("currentTime", .number(0))])
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(0.5, .seeking, [("currentTime", .number(30))])
    log.add(0.5, .seeked, [("currentTime", .number(30))])
    log.add(1, .adfirstquartile, ad: "a1", adBreak: 0)
    log.add(2, .admidpoint, ad: "a1", adBreak: 0)
    log.add(3, .adthirdquartile, ad: "a1", adBreak: 0)
    log.beacon(3, "thirdQuartile", ad: "a1")
    log.add(4, .adend, ad: "a1", adBreak: 0)
    log.add(4, .adbreakend, adBreak: 0)
    log.beacon(4, "complete", ad: "a1")
    log.add(4, .playing, [("currentTime", .number(30))])
    log.add(5, .timeupdate, [("currentTime", .number(31))])
    #expect(StrictRules.check(log.entries).isEmpty)
  }
}

/// A break whose ads have no duration spans the content from its offset on: the playhead can
/// only leave it backwards.
@Suite struct BreakExtentTests {
  @Test func aBreakOfUnknownLengthLeftBackwards() {
    var log = LogBuilder()
    log.add(0, .addadbreak, adBreak: 20)
    log.add(0, .addad, ad: "a1", adBreak: 20)
    log.add(0, .play, [("currentTime", .number(20))])
    log.add(0, .playing, [("currentTime", .number(20))])
    log.add(0, .adbreakbegin, adBreak: 20)
    log.add(0, .adbegin, ad: "a1", adBreak: 20)
    log.add(100, .timeupdate, [("currentTime", .number(120))])
    log.add(101, .seeking, [("currentTime", .number(5))])
    log.add(101, .seeked, [("currentTime", .number(5))])
    log.add(102, .timeupdate, [("currentTime", .number(6))])
    #expect(
      StrictRules.check(log.entries).map(\.description) == [
        "break-left-playing at 101 s, break at 20 s: the break (from 20 s of the content) still plays with the "
          + "playhead at 5 s [adbreakbegin at 0 s; playhead at 101 s]"
      ])
  }
}
