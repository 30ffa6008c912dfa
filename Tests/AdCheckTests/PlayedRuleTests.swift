import AdCheck
import PlayerSeam
import Testing
import VASTRules

/// The rules only playing shows (`beacon-https`, `beacon-macro-filled`, `wrapper-timed-out`),
/// and the catalogue's severities and `--config` settings on every violation.
@Suite struct PlayedRuleTests {
  private func found(_ log: LogBuilder, _ options: StrictOptions = StrictOptions()) -> [RuleViolation] {
    StrictRules.check(log.entries, options: options)
  }

  /// An ad playing from 0 to 4 s, with one beacon of `url` at 1 s (and `fields` on it).
  private func adWithBeacon(_ url: String, _ fields: [(String, JSONValue)] = []) -> LogBuilder {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(
      1, .beacon, ad: "a1",
      [("event", .string("progress")), ("url", .string(url)), ("status", .number(204))] + fields)
    log.add(4, .adend, ad: "a1", adBreak: 0)
    log.add(4, .adbreakend, adBreak: 0)
    return log
  }

  @Test func aPlainHTTPBeaconIsAWarningButNotOnLoopback() {
    let http = found(adWithBeacon("http://t.example/p"))
    #expect(http.map(\.rule) == [.beaconHTTPS])
    #expect(http.first?.severity == .warning)
    #expect(http.first?.message == "progress beacon http://t.example/p sent over plain http")
    #expect(found(adWithBeacon("https://t.example/p")).isEmpty)
    #expect(found(adWithBeacon("http://127.0.0.1:8080/p")).isEmpty)
    #expect(found(adWithBeacon("http://localhost/p")).isEmpty)
  }

  @Test func aMacroLeftUnfilled() {
    let left = found(adWithBeacon("https://t.example/p?cb=%%CACHEBUSTER%%&t=${TIMESTAMP}&a=%5BADPLAYHEAD%5D"))
    #expect(
      left.map(\.message) == [
        "progress beacon https://t.example/p?cb=%%CACHEBUSTER%%&t=${TIMESTAMP}&a=%5BADPLAYHEAD%5D left the macro %5BADPLAYHEAD%5D unfilled",
        "progress beacon https://t.example/p?cb=%%CACHEBUSTER%%&t=${TIMESTAMP}&a=%5BADPLAYHEAD%5D left the macro %%CACHEBUSTER%% unfilled",
        "progress beacon https://t.example/p?cb=%%CACHEBUSTER%%&t=${TIMESTAMP}&a=%5BADPLAYHEAD%5D left the macro ${TIMESTAMP} unfilled",
      ])
    #expect(left.allSatisfy { $0.rule == .beaconMacroFilled && $0.severity == .warning })
    #expect(found(adWithBeacon("https://t.example/p?a=[lower]&b=%%&c=${}")).isEmpty)
  }

  @Test func aMacroSentAsMinusOneWhereItsValueWasKnown() {
    let unknown: (String) -> [(String, JSONValue)] = { [("macrosUnknown", .array([.string($0)]))] }
    let playhead = found(
      adWithBeacon("https://t.example/p?c=-1", unknown("CONTENTPLAYHEAD") + [("contentTime", .number(1))]))
    #expect(
      playhead.map(\.message) == [
        "progress beacon https://t.example/p?c=-1 sent [CONTENTPLAYHEAD] as -1, but the content's playhead was 1 s"
      ])
    #expect(
      found(adWithBeacon("https://t.example/p?a=-1", unknown("ADPLAYHEAD"))).map(\.rule) == [
        .beaconMacroFilled
      ])
    #expect(
      found(adWithBeacon("https://t.example/p?t=-1", unknown("TIMESTAMP"))).map(\.rule) == [
        .beaconMacroFilled
      ])
    // Unknown indeed: no source loaded, an ad not playing, a value the log cannot show.
    #expect(found(adWithBeacon("https://t.example/p?c=-1", unknown("CONTENTPLAYHEAD"))).isEmpty)
    #expect(found(adWithBeacon("https://t.example/p?u=-1", unknown("UNIVERSALADID"))).isEmpty)
    var after = LogBuilder.playing()
    after.add(
      5, .beacon, ad: "a1",
      [
        ("event", .string("error")), ("url", .string("https://t.example/e?a=-1")),
        ("status", .number(204)),
      ] + unknown("ADPLAYHEAD"))
    #expect(found(after).filter { $0.rule == .beaconMacroFilled }.isEmpty)
  }

  @Test func aWrapperThatTimedOutIsAWarningEvenWhenExpected() {
    var log = LogBuilder.playing()
    let timedOut = "vast break at 0 s: no ad (VAST error 301: https://ads.example/w.xml: timed out after 5 s)"
    log.add(5, .aderror, [("message", .string(timedOut))])
    log.add(
      6, .aderror,
      [("message", .string("no ad (VAST error 301: https://ads.example/w.xml: HTTP status 503)"))])
    log.add(7, .aderror, [("message", .string("no ad")), ("code", .number(301))])
    let expected = found(log, StrictOptions(expectedErrors: [""]))
    #expect(expected.map(\.rule) == [.wrapperTimedOut])
    #expect(expected.first?.message == "a VAST request timed out: \(timedOut)")
    #expect(expected.first?.severity == .warning)
    #expect(expected.first?.document == "https://ads.example/w.xml")
    #expect(
      found(log).map(\.rule) == [
        .wrapperTimedOut, .unexpectedAdError, .unexpectedAdError, .unexpectedAdError,
      ])
  }

  @Test func theConfigurationTurnsARuleOffOrChangesItsSeverity() throws {
    let log = adWithBeacon("http://t.example/p")
    var options = StrictOptions()
    options.config = try CheckConfig(json: #"{"rules": {"beacon-https": "error"}}"#)
    #expect(found(log, options).map(\.severity) == [.error])
    #expect(
      found(log, options).first?.jsonLine.contains(#""rule":"beacon-https","severity":"error","#) == true)
    options.config = try CheckConfig(json: #"{"rules": {"beacon-https": "off"}}"#)
    #expect(found(log, options).isEmpty)
  }

  @Test func everyStrictRuleTakesItsSeverityFromTheCatalogue() {
    for rule in StrictRule.allCases {
      #expect(rule.catalogueEntry.id == rule.id && rule.catalogueEntry.area == .run, "\(rule.id)")
      #expect(!rule.catalogueEntry.spec.isEmpty && rule.catalogueEntry.statement != rule.id, "\(rule.id)")
    }
  }
}
