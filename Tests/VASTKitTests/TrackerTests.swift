import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// The per-ad tracker against the loopback server, with a fixed macro context.
@Suite struct TrackerTests {
  /// Collects beacon records from the sink.
  final class Records: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [VASTBeacon] = []
    func add(_ beacon: VASTBeacon) { lock.withLock { items.append(beacon) } }
    var all: [VASTBeacon] { lock.withLock { items } }
  }

  private func ad(_ server: LoopbackServer, duration: String = "00:00:20") throws -> VASTAd {
    let base = "http://127.0.0.1:\(server.port)"
    let events = [
      "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip", "pause", "resume", "mute",
    ]
    let tracking = events.map {
      "<Tracking event=\"\($0)\"><![CDATA[\(base)/t?e=\($0)&ph=[ADPLAYHEAD]]]></Tracking>"
    }
    let document = """
      <VAST version="4.1"><Ad id="a" sequence="2"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
      <Error><![CDATA[\(base)/err?code=[ERRORCODE]]]></Error>
      <Impression><![CDATA[\(base)/imp?n=1&cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Impression>
      <Impression><![CDATA[\(base)/imp?n=2&seq=[PODSEQUENCE]&asset=[ASSETURI]]]></Impression>
      <AdServingId>serve-1</AdServingId>
      <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">U1</UniversalAdId><Linear><Duration>\(duration)</Duration>
      <TrackingEvents>\(tracking.joined())
      <Tracking event="progress" offset="00:00:05"><![CDATA[\(base)/t?e=p5s]]></Tracking>
      <Tracking event="progress" offset="60%"><![CDATA[\(base)/t?e=p60]]></Tracking>
      </TrackingEvents>
      <VideoClicks><ClickThrough>https://landing.example/</ClickThrough><ClickTracking><![CDATA[\(base)/click?id=[ADSERVINGID]&u=[UNIVERSALADID]]]></ClickTracking></VideoClicks>
      </Linear></Creative></Creatives></InLine></Ad></VAST>
      """
    return try #require(try VASTParser.parse(Data(document.utf8)).ads.first)
  }

  private func tracker(_ ad: VASTAd, _ records: Records) -> VASTAdTracker {
    let sender = VASTBeaconSender(
      client: HTTPClient(timeout: 1), maxAttempts: 2, retryDelay: 0.05, timeout: 1
    ) {
      records.add($0)
    }
    return VASTAdTracker(ad: ad, sender: sender, assetURI: "https://cdn.example/a.mp4") {
      VASTMacroContext(timestamp: Date(timeIntervalSince1970: 1_800_000_000), cacheBuster: "12345678")
    }
  }

  /// A late join 11 s into the 20 s ad: the first quartile, the midpoint and the 5 s progress
  /// offset were past and never fire; the 60 % offset, the third quartile and complete do, and
  /// `[ADPLAYHEAD]` starts at the join.
  @Test func aLateJoinSendsNothingThatWasAlreadyPast() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let records = Records()
    let tracker = tracker(try ad(server), records)
    tracker.join(at: 11)
    tracker.begin()
    for second in stride(from: 11.0, through: 20, by: 0.5) { tracker.progress(to: second) }
    tracker.end()
    await tracker.settle()
    let targets = server.requests.map(\.target)
    #expect(targets.contains("/t?e=start&ph=00%3A00%3A11.000"), "\(targets)")
    for event in ["firstQuartile", "midpoint", "p5s"] {
      #expect(!targets.contains { $0.hasPrefix("/t?e=\(event)") }, "\(event)")
    }
    for event in ["thirdQuartile", "complete", "p60"] {
      #expect(targets.filter { $0.hasPrefix("/t?e=\(event)") }.count == 1, "\(event)")
    }
  }

  @Test func fullPlaythroughFiresEveryEventOnce() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let records = Records()
    let tracker = tracker(try ad(server), records)
    tracker.begin()
    tracker.begin()
    for second in stride(from: 0.0, through: 19.9, by: 0.5) { tracker.progress(to: second) }
    tracker.pause()
    tracker.pause()
    tracker.resume()
    tracker.fire("mute")
    #expect(tracker.click() == "https://landing.example/")
    tracker.progress(to: 19.9)
    tracker.end()
    tracker.end()
    await tracker.settle()
    let targets = server.requests.map(\.target)
    #expect(
      targets.filter { $0.hasPrefix("/imp?n=1&cb=12345678&ts=2027-01-15T08%3A00%3A00.000Z") }.count == 1)
    #expect(targets.contains("/imp?n=2&seq=2&asset=https%3A%2F%2Fcdn.example%2Fa.mp4"))
    for event in [
      "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute",
    ] {
      #expect(targets.filter { $0.hasPrefix("/t?e=\(event)&") }.count == 1, "\(event)")
    }
    #expect(targets.contains("/t?e=firstQuartile&ph=00%3A00%3A05.000"))
    #expect(targets.filter { $0 == "/t?e=p5s" }.count == 1)
    #expect(targets.filter { $0 == "/t?e=p60" }.count == 1)
    #expect(targets.contains("/click?id=serve-1&u=ad-id.org%20U1"))
    #expect(!targets.contains { $0.hasPrefix("/t?e=skip") })
    #expect(records.all.count == server.requests.count)
    #expect(records.all.allSatisfy { $0.status == 204 && $0.failure == nil })
    #expect(
      Set(records.all.map(\.event)).isSuperset(of: ["impression", "start", "complete", "progress", "click"]))
  }

  @Test func aBatchHoldsTheBeaconsSentSinceTheLastOneWhicheverAnswersFirst() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // The impressions answer late, the quartile at once: the later batch settles first.
    server.route("/imp") { _ in LoopbackResponse(status: 204, fault: .delay(0.3)) }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let tracker = tracker(try ad(server), Records())
    #expect(tracker.takeBatch().isEmpty)
    tracker.begin()
    let begin = tracker.takeBatch()
    tracker.progress(to: 5)
    let quartile = tracker.takeBatch()
    #expect(tracker.takeBatch().isEmpty)

    let quartileBeacons = await quartile.settled()
    #expect(quartileBeacons.map(\.event) == ["firstQuartile", "progress"])
    let beginBeacons = await begin.settled()
    #expect(beginBeacons.map(\.event) == ["impression", "impression", "start"])
    #expect(beginBeacons.allSatisfy { $0.status == 204 })
  }

  @Test func earlyEndIsNotComplete() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in LoopbackResponse(status: 204) }
    let tracker = tracker(try ad(server), Records())
    tracker.begin()
    tracker.progress(to: 19.7)  // 98.5 %
    tracker.skip()
    tracker.end()
    await tracker.settle()
    let targets = server.requests.map(\.target)
    #expect(!targets.contains { $0.hasPrefix("/t?e=complete") })
    #expect(targets.contains("/t?e=skip&ph=00%3A00%3A19.700"))
  }

  @Test func errorFiresWithCodeAndFailuresAreRecorded() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/err") { _ in LoopbackResponse(fault: .closeWithoutAnswer) }
    let records = Records()
    let tracker = tracker(try ad(server), records)
    tracker.error(.noSupportedMediaFile)
    await tracker.settle()
    #expect(server.requests(for: "/err").map { $0.query["code"] } == ["403", "403"])
    let record = try #require(records.all.first)
    #expect(record.event == "error")
    #expect(record.attempts == 2)
    #expect(record.status == nil)
    #expect(record.failure?.contains("/err?code=403") == true)
  }

  @Test func policyRefusalIsRecordedNotRetried() async throws {
    let records = Records()
    let sender = VASTBeaconSender(client: HTTPClient(timeout: 1), maxAttempts: 3) { records.add($0) }
    let beacons = await sender.send(
      event: "impression", urls: ["http://ads.example/imp", "not a url"], context: VASTMacroContext())
    #expect(beacons.count == 2)
    #expect(beacons[0].attempts == 1)
    #expect(beacons[0].failure?.contains("plain http is refused") == true)
    #expect(beacons[1].failure == "not a URL")
    #expect(records.all.count == 2)
  }
}
