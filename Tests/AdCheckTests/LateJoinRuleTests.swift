import AdCheck
import PlayerSeam
import Testing

/// A late join (`controller:beginAd(ad, {at = s})`: the `adbegin` entry's `joinedAt`): the strict
/// rules time the ad's quartiles from its true start and ask for none that was already past.
@Suite struct LateJoinRuleTests {
  private func rules(_ log: LogBuilder) -> [String] {
    StrictRules.check(log.entries).map(\.description)
  }

  /// A 4 s ad joined 2.5 s in, at 0: its third quartile is due 0.5 s later, and it ends at 1.5 s.
  private func joined(at offset: Double, join: Bool) -> LogBuilder {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0, join ? [("joinedAt", .number(offset))] : [])
    log.beacon(0, "start", ad: "a1")
    log.add(3 - offset, .adthirdquartile, ad: "a1", adBreak: 0)
    log.beacon(3 - offset, "thirdQuartile", ad: "a1")
    log.beacon(4 - offset, "complete", ad: "a1")
    log.add(4 - offset, .adend, ad: "a1", adBreak: 0)
    log.add(4 - offset, .adbreakend, adBreak: 0)
    return log
  }

  @Test func quartilesPastAtTheJoinAreNotAskedForAndTheRestAreTimedFromTheTrueStart() {
    #expect(rules(joined(at: 2.5, join: true)) == [])
  }

  /// The same log without `joinedAt`: an ad begun at its start broke four rules.
  @Test func withoutTheJoinTheSameLogBreaksTheRules() {
    let found = rules(joined(at: 2.5, join: false))
    #expect(found.contains { $0.hasPrefix("quartile-order at 0.5 s") }, "\(found)")
    #expect(found.contains { $0.hasPrefix("quartile-time at 0.5 s") }, "\(found)")
    #expect(found.contains { $0.hasPrefix("complete-only-at-end at 1.5 s") }, "\(found)")
  }

  /// A quartile not yet past at the join is still asked for: joined at 1.5 s of 4, the midpoint
  /// (due at 2 s) missing breaks `quartile-order`.
  @Test func aQuartileStillAheadAtTheJoinIsAskedFor() {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0, [("joinedAt", .number(1.5))])
    log.add(1.5, .adthirdquartile, ad: "a1", adBreak: 0)
    #expect(
      rules(log).first
        == #"quartile-order at 1.5 s, ad "a1" (break at 0 s): adthirdquartile before any admidpoint [adthirdquartile at 1.5 s]"#
    )
  }
}
