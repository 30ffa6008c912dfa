import Foundation
import GStreamerEngine
import HTTPKit
import TestFiles
import Testing

/// The host's request rules on the real engine's requests, through its proxy: a recording made
/// with the media kept replays with no origin (`--record`, `--offline`, `--map-host`), a trimmed
/// one is refused naming the fix, a fault plan's faults reach the engine, and the ATS rule holds.
@Suite(EngineFixture.engineTests)
struct EngineRequestRulesTests {
  /// Plays the fixture through a recorder into `folder`; the origin is gone afterwards.
  private func record(into folder: URL, keepingMedia: Bool) throws -> URL {
    let fixture = try EngineFixture()
    let recorder = try RecordingTransport(folder: folder, trimsSegments: !keepingMedia)
    let session = try EngineSession(speed: .fast, transport: recorder)
    #expect(try session.playToTheEnd(fixture.playlist), "events: \(session.events)")
    session.engine.destroy()
    recorder.finish()
    fixture.server.stop()
    return fixture.playlist
  }

  @Test func aRecordingWithTheMediaReplaysToTheEndWithNoOriginOnAnotherHost() throws {
    let scratch = try Scratch()
    let recorded = try record(into: scratch.folder, keepingMedia: true)
    // Nothing listens on port 9 (discard): every answer comes from the recording.
    let sent = "127.0.0.1:9"
    let mapping = try HostMapping("127.0.0.1:\(recorded.port ?? 0)=\(sent)")
    let replay = try OfflineTransport(folder: scratch.folder, mappingHosts: [mapping])
    let session = try EngineSession(speed: .fast, transport: replay)
    var url = URLComponents(url: recorded, resolvingAgainstBaseURL: false)
    url?.port = 9
    #expect(try session.playToTheEnd(try #require(url?.url)), "events: \(session.events)")
    session.wait { if case .frames = $0 { return true } else { return false } }
    #expect(session.frames?.rendered == Int(EngineFixture.seconds * EngineFixture.frameRate))
    let requests = session.engine.requests
    #expect(requests.count >= 4)
    #expect(requests.allSatisfy { $0.status == 200 && $0.url.contains(sent) }, "\(requests)")
    session.engine.destroy()
  }

  @Test func aTrimmedRecordingIsRefusedNamingTheFix() throws {
    let scratch = try Scratch()
    let recorded = try record(into: scratch.folder, keepingMedia: false)
    let session = try EngineSession(speed: .fast, transport: try OfflineTransport(folder: scratch.folder))
    #expect(try !session.playToTheEnd(recorded))
    let refusal = session.errors.first { $0.element == "adhost proxy" }
    #expect(refusal?.message.contains("--record DIR --keep-media") == true, "events: \(session.events)")
    #expect(session.engine.requests.contains { $0.trimmed && $0.status == nil })
    session.engine.destroy()
  }

  @Test func aFaultPlansMissingSegmentOfItsKindReachesTheEngine() throws {
    let fixture = try EngineFixture()
    // The rule names the kind the proxy gave the request (a segment, by its URL).
    let missing = FaultRule(url: "*/" + EngineFixture.segmentName(1), kind: .segment, fault: .status(404))
    let plan = FaultPlan(rules: [missing])
    let session = try EngineSession(
      speed: .fast, transport: FaultTransport(plan: plan, upstream: URLSessionTransport.shared))
    #expect(try !session.playToTheEnd(fixture.playlist))
    #expect(!session.errors.isEmpty)
    let statuses = session.engine.requests.filter { $0.url.hasSuffix(".ts") }.map(\.status)
    #expect(statuses.prefix(2) == [200, 404], "\(session.engine.requests)")
    // The origin never saw the faulted request.
    #expect(!fixture.server.requests.contains { $0.target.hasSuffix(EngineFixture.segmentName(1)) })
    session.engine.destroy()
  }

  @Test func aSlowSegmentIsWaitingThenPlaying() throws {
    let fixture = try EngineFixture()
    // The last segment comes 1.5 s late: in the fast mode the engine has played the first two
    // long before, and waits for it.
    let late = FaultRule(url: "*/" + EngineFixture.segmentName(2), fault: .delay(1.5))
    let session = try EngineSession(
      speed: .fast,
      transport: FaultTransport(plan: FaultPlan(rules: [late]), upstream: URLSessionTransport.shared))
    #expect(try session.playToTheEnd(fixture.playlist), "events: \(session.events)")
    let states = session.states
    let firstPlaying = try #require(states.firstIndex(of: .playing))
    let after = states[firstPlaying...]
    let waiting = try #require(after.firstIndex(of: .waiting), "states: \(states)")
    #expect(states[waiting...].contains(.playing), "states: \(states)")
    #expect(states.last == .ended)
    session.engine.destroy()
  }

  @Test func theATSRuleRefusesPlainHTTPToAnotherHost() throws {
    var options = GStreamerEngineOptions(http: HTTPClient(policy: TransportPolicy()))
    options.speed = .fast
    let engine = try GStreamerEngine(options: options)
    let session = EngineSession(engine: engine)
    #expect(try !session.playToTheEnd(try #require(URL(string: "http://adhost.invalid/a.m3u8"))))
    let request = session.engine.requests.first
    #expect(request?.url == "http://adhost.invalid/a.m3u8")
    #expect(request?.status == nil)
    #expect(request?.error?.contains("http") == true, "\(String(describing: request))")
    engine.destroy()
  }
}
