import OutsideText
import Testing

@testable import PlaybackEngine

/// When `CreativeSignalingTracker` says each tracking event is due: offsets, the types' own
/// times, a late join, the end, the events that happen, and URLs left to the VAST.
@Suite struct CreativeSignalingTrackerTests {
  static func tracker(_ tracking: String, excluding: Set<String> = []) throws -> CreativeSignalingTracker {
    let json = try JSONValue.parse(#"{"payload": [{"start": 1, "duration": 8, "tracking": [\#(tracking)]}]}"#)
    return CreativeSignalingTracker(try CreativeSignaling(json, path: ""), excluding: excluding)
  }

  static func events(_ due: [CreativeSignalingTracker.Due]) -> [String] { due.map(\.event) }

  @Test func timedEventsFireOnceWhenThePlayheadReachesThem() throws {
    let tracker = try Self.tracker(
      #"""
      {"type": "impression", "urls": ["i"]}, {"type": "progress", "offset": 3, "urls": ["p"]},
      {"type": "midpoint", "urls": ["m"]}, {"type": "complete", "urls": ["c"]}, {"type": "custom", "urls": ["x"]}
      """#)
    #expect(Self.events(tracker.begin()) == [])
    #expect(Self.events(tracker.progress(to: 1)) == ["impression"])
    // The slot starts at 1 s: progress at 1 + 3, the midpoint at 1 + 4.
    #expect(Self.events(tracker.progress(to: 5)) == ["progress", "midpoint"])
    #expect(Self.events(tracker.progress(to: 5)) == [])
    // 99 % of the slots' end (9 s) reached: complete at the end; an event of no known time never.
    #expect(Self.events(tracker.progress(to: 8.95)) == [])
    #expect(Self.events(tracker.ended()) == ["complete"])
    #expect(Self.events(tracker.happened("custom")) == ["custom"])
  }

  @Test func aLateJoinCountsWhatCameBeforeAsPastAndAnEarlyEndSendsNoComplete() throws {
    let tracker = try Self.tracker(
      #"{"type": "impression", "offset": 0, "urls": ["i"]}, {"type": "firstQuartile", "urls": ["q"]},"#
        + #"{"type": "complete", "urls": ["c"]}"#)
    #expect(Self.events(tracker.begin(at: 2)) == [])
    #expect(Self.events(tracker.progress(to: 3)) == ["firstQuartile"])
    #expect(Self.events(tracker.ended()) == [])
  }

  @Test func pauseResumeClickSkipAndErrorFireWhenTheyHappen() throws {
    let tracker = try Self.tracker(
      #"{"type": "pause", "urls": ["pa"]}, {"type": "resume", "urls": ["re"]},"#
        + #"{"type": "clickTracking", "urls": ["cl"]}, {"type": "skip", "urls": ["sk"]}, {"type": "error", "urls": ["er"]}"#
    )
    #expect(Self.events(tracker.happened("resume")) == [])
    #expect(Self.events(tracker.happened("pause")) == ["pause"])
    #expect(Self.events(tracker.happened("pause")) == [])
    #expect(Self.events(tracker.happened("resume")) == ["resume"])
    #expect(tracker.happened("clickTracking").map(\.urls) == [["cl"]])
    #expect(Self.events(tracker.happened("skip")) == ["skip"])
    #expect(Self.events(tracker.happened("error")) == ["error"])
  }

  @Test func urlsTheVASTNamesAreLeftOut() throws {
    let tracker = try Self.tracker(
      #"{"type": "impression", "urls": ["shared", "own"]}, {"type": "start", "urls": ["shared"]}"#,
      excluding: ["shared"])
    #expect(tracker.progress(to: 1) == [CreativeSignalingTracker.Due(event: "impression", urls: ["own"])])
  }
}
