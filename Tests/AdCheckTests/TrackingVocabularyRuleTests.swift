import AdCheck
import PlayerSeam
import Testing

/// The tracking vocabulary in the strict rules: a declared harmless answer is no
/// `beacon-answered` violation (an undeclared one still is), a declared impression event counts
/// as the impression, a plugin declares with a `trackingvocabulary` entry, a scenario narrows.
@Suite struct TrackingVocabularyRuleTests {
  static let dai = TrackingVocabulary(
    impressionEvents: ["start"],
    harmlessAnswers: [HarmlessAnswer(status: 404, host: "dai.example", why: "already fired or expired")])

  private func rules(_ log: LogBuilder, _ tracking: TrackingDeclarations = TrackingDeclarations()) -> [String]
  {
    var options = StrictOptions()
    options.tracking = tracking
    return StrictRules.check(log.entries, options: options).map(\.rule.id)
  }

  /// Ad a1 begins at 0 and ends at 4, beaconing `start` to `url` answered `status`, and
  /// `impression` at `impressionAt` when given.
  private func log(status: Double, url: String = "https://dai.example/ping", impressionAt: Double? = nil)
    -> LogBuilder
  {
    var log = LogBuilder.playing()
    log.add(0, .adbreakbegin, adBreak: 0)
    log.add(0, .adbegin, ad: "a1", adBreak: 0)
    log.add(
      0, .beacon, ad: "a1",
      [("event", .string("start")), ("url", .string(url)), ("status", .number(status))])
    if let impressionAt { log.beacon(impressionAt, "impression", ad: "a1") }
    log.add(4, .adend, ad: "a1", adBreak: 0)
    log.add(4, .adbreakend, adBreak: 0)
    return log
  }

  @Test func anUndeclared404FailsBeaconAnswered() {
    #expect(rules(log(status: 404)) == ["beacon-answered"])
  }

  @Test func aDeclared404FromItsHostIsHarmless() {
    let declared = TrackingDeclarations(settings: Self.dai)
    #expect(rules(log(status: 404), declared).isEmpty)
    #expect(rules(log(status: 404, url: "https://DAI.example:443/ping?x=1"), declared).isEmpty)
    // Another host, or another status, is not covered.
    #expect(rules(log(status: 404, url: "https://other.example/ping"), declared) == ["beacon-answered"])
    #expect(rules(log(status: 410), declared) == ["beacon-answered"])
  }

  /// A plugin's declaration in the log holds from its entry on.
  @Test func aPluginDeclaresInTheLog() throws {
    var declaring = LogBuilder()
    let fields = try #require(Self.dai.json.objectValue)
    declaring.add(0, .trackingvocabulary, fields.map { ($0.key, $0.value) })
    var run = declaring
    for entry in log(status: 404).entries { run.add(entry) }
    #expect(rules(run).isEmpty)
    let checker = StrictChecker()
    for entry in run.entries { checker.observe(entry) }
    #expect(checker.tracking.declaredBy == ["plugin"])
    #expect(
      "\(checker.tracking)"
        == "impression events: impression, start; harmless answers: 404 from dai.example (already fired or "
        + "expired) (declared by plugin)")
  }

  /// Counted as the impression, `start` before any `impression` breaks no rule; without the
  /// declaration it breaks `impression-before-start` once an impression follows it.
  @Test func startDeclaredAsTheImpression() {
    let late = log(status: 204, impressionAt: 1)
    #expect(rules(late) == ["impression-before-start", "impression-before-start"])
    #expect(rules(late, TrackingDeclarations(settings: Self.dai)).isEmpty)
  }

  /// `impression-fired` counts a declared impression event: a VAST ad that fired only `start`.
  @Test func aDeclaredImpressionEventSatisfiesImpressionFired() {
    var vast = LogBuilder.playing()
    vast.add(0, .vasttracking, ad: "a1", [("impressions", .number(1))])
    for entry in log(status: 204).entries.dropFirst(4) { vast.add(entry) }
    #expect(rules(vast) == ["impression-fired"])
    #expect(rules(vast, TrackingDeclarations(settings: Self.dai)).isEmpty)
  }

  /// A scenario keeps only some of what is declared, and cannot add.
  @Test func aScenarioNarrows() {
    let none = TrackingDeclarations(settings: Self.dai, narrowing: TrackingVocabulary())
    #expect(none.inForce.isEmpty && none.undeclared.isEmpty)
    #expect(rules(log(status: 404), none) == ["beacon-answered"])
    let widened = TrackingDeclarations(
      settings: Self.dai,
      narrowing: TrackingVocabulary(
        impressionEvents: ["start", "creativeView"],
        harmlessAnswers: [HarmlessAnswer(status: 404, host: "dai.example"), HarmlessAnswer(status: 500)]))
    #expect(widened.inForce.impressionEvents == ["start"])
    #expect(widened.inForce.harmlessAnswers == [HarmlessAnswer(status: 404, host: "dai.example")])
    #expect(widened.undeclared == ["impression event creativeView", "harmless answer 500 from any host"])
    #expect(rules(log(status: 404), widened).isEmpty)
  }

  @Test func aBadDeclarationNamesItsMember() {
    #expect(
      throws: ModelDecodingError(
        path: "tracking.harmlessAnswers[0].status",
        expectation: "expected a whole number from 100 to 599, found 99")
    ) {
      try TrackingVocabulary(
        json: .object(
          JSONObject([("harmlessAnswers", .array([.object(JSONObject([("status", .number(99))]))]))])),
        path: "tracking")
    }
  }
}

extension LogBuilder {
  /// Appends an entry as it is.
  mutating func add(_ entry: LogEntry) {
    add(
      VirtualTime.seconds(entry.micros), entry.kind, ad: entry.adId, adBreak: entry.adBreakTimeOffset,
      entry.fields.map { ($0.key, $0.value) })
  }
}
