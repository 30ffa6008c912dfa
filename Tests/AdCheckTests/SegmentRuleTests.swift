import AdCheck
import PlayerSeam
import Testing

/// The segment rules on logs written by hand: what they leave alone (SegmentStrictTests runs them
/// over real segments).
@Suite struct SegmentRuleTests {
  /// A `segment` entry for segment `sequence` covering content `start` to `start + 6`.
  private func segment(
    _ log: inout LogBuilder, _ sequence: Int, start: Double, media: Double?, discontinuity: Bool = false,
    at time: Double? = nil
  ) {
    var fields: [(String, JSONValue)] = [
      ("url", .string("https://cdn.example/s\(sequence).ts")), ("startTime", .number(start)),
      ("endTime", .number(start + 6)), ("sequence", .number(Double(sequence))),
    ]
    if discontinuity { fields.append(("discontinuity", .bool(true))) }
    if let media { fields += [("mediaStart", .number(media)), ("mediaEnd", .number(media + 5.96))] }
    log.add(time ?? start, .segment, fields)
  }

  private func rules(_ log: LogBuilder) -> [String] { StrictRules.check(log.entries).map(\.description) }

  @Test func segmentsThatDoNotFollowEachOtherAreNotCompared() {
    var log = LogBuilder()
    segment(&log, 0, start: 0, media: 10)
    segment(&log, 5, start: 30, media: 500)
    #expect(rules(log) == [])
  }

  @Test func aSegmentWithoutAudioOrVideoHasNoMediaTimesToCheck() {
    var log = LogBuilder()
    segment(&log, 0, start: 0, media: 10)
    segment(&log, 1, start: 6, media: nil)
    segment(&log, 2, start: 12, media: 90)
    #expect(rules(log) == [])
  }

  @Test func aNewSourceStartsTheComparisonAfresh() {
    var log = LogBuilder()
    segment(&log, 0, start: 0, media: 10)
    log.add(6, .sourcechange)
    segment(&log, 1, start: 0, media: 70, at: 6)
    #expect(rules(log) == [])
  }

  @Test func timestampsThatJumpBackAreAViolationWithBothSegments() {
    var log = LogBuilder()
    segment(&log, 0, start: 0, media: 10)
    segment(&log, 1, start: 6, media: 14)
    #expect(
      rules(log) == [
        "segment-timestamps at 6 s: segment https://cdn.example/s1.ts: its timestamps start at 14 s, "
          + "2 s before where https://cdn.example/s0.ts leaves them (16 s), without EXT-X-DISCONTINUITY "
          + "[segment at 0 s; segment at 6 s]"
      ])
  }
}

/// `segment-issue`: a loaded segment's malformed bytes break the rule; what is only not read does not.
@Suite struct SegmentIssueRuleTests {
  private func issue(_ log: inout LogBuilder, kind: String, at time: Double) {
    log.add(
      time, .segmentIssue,
      [
        ("url", .string("https://cdn.example/s0.ts")), ("offset", .number(564)), ("kind", .string(kind)),
        (
          "message",
          .string("PID 259: the SCTE-35 section cannot be read: the section's CRC_32 does not match")
        ),
      ])
  }

  @Test func aMalformedSegmentIsAViolationNamingItsURLAndOffset() {
    var log = LogBuilder()
    issue(&log, kind: "malformed", at: 1)
    issue(&log, kind: "unsupported", at: 2)
    #expect(
      StrictRules.check(log.entries).map(\.description) == [
        "segment-issue at 1 s: segment https://cdn.example/s0.ts, byte 564: PID 259: the SCTE-35 section "
          + "cannot be read: the section's CRC_32 does not match [segment-issue at 1 s]"
      ])
  }
}
