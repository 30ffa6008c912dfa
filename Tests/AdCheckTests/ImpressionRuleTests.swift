import AdCheck
import PlayerSeam
import Testing

/// `impression-fired`: an ad whose VAST has `<Impression>` URLs (its `vasttracking` entry) fires
/// an impression once it began; ads without that entry, or whose VAST has none, or that never
/// began, break no rule.
@Suite struct ImpressionRuleTests {
  private func rules(_ log: LogBuilder) -> [String] {
    StrictRules.check(log.entries).map(\.description)
  }

  /// The ad `a1` of 4 s played through, with `events` beaconed as it begins and
  /// `impressions` `<Impression>` URLs in its VAST (no `vasttracking` entry when nil).
  private func played(impressions: Double?, beacons events: [String], begins: Bool = true) -> LogBuilder {
    var log = LogBuilder.playing()
    if let impressions {
      log.add(0, .vasttracking, ad: "a1", [("impressions", .number(impressions))])
    }
    guard begins else { return log }
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    for event in events { log.beacon(0, event, ad: "a1") }
    log.add(4, .adend, ad: "a1", adBreak: 0)
    log.add(4, .adbreakend, adBreak: 0)
    return log
  }

  @Test func aVASTAdWithImpressionsThatFiredNone() {
    #expect(
      rules(played(impressions: 2, beacons: ["start"])) == [
        #"impression-fired at 4 s, ad "a1" (break at 0 s): no impression beacon, although the ad began at 0 s "#
          + "and its VAST has 2 URLs in <Impression> [adbegin at 0 s; adend at 4 s]"
      ])
  }

  @Test func aVASTAdThatFiredItsImpressions() {
    #expect(rules(played(impressions: 2, beacons: ["impression", "start"])).isEmpty)
  }

  @Test func anAdWithoutImpressionURLsOrWithoutVASTOrNeverBegunBreaksNoRule() {
    #expect(rules(played(impressions: 0, beacons: ["start"])).isEmpty)
    #expect(rules(played(impressions: nil, beacons: ["start"])).isEmpty)
    #expect(rules(played(impressions: nil, beacons: [])).isEmpty)
    #expect(rules(played(impressions: 1, beacons: [], begins: false)).isEmpty)
  }

  /// Two ads of one id in two breaks: the entry belongs to the ad added just before it.
  @Test func theEntryBelongsToTheAdJustAdded() {
    var log = LogBuilder.playing()
    log.add(0, .addadbreak, adBreak: 10)
    log.add(0, .addad, ad: "a1", adBreak: 10, [("duration", .number(4))])
    log.add(0, .vasttracking, ad: "a1", [("impressions", .number(1))])
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(4, .adend, ad: "a1", adBreak: 0)
    log.add(4, .adbreakend, adBreak: 0)
    #expect(rules(log).isEmpty)
  }
}
