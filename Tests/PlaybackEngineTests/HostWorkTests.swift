import AdPlayer
import Foundation
import HTTPKit
import LoopbackHTTP
import PlaybackEngine
import PlayerSeam
import Synchronization
import Testing

/// `startWork` and `request`: the one way the host's requests meet its clock.
@Suite struct HostWorkTests {
  /// A server answering `/a` with "ok", and a client to it with `faults` injected.
  private final class Fixture {
    let server: LoopbackServer
    let client: HTTPClient
    let url: URL

    init(faults: [FaultRule] = []) throws {
      server = try LoopbackServer()
      server.route("/a") { _ in .text("ok", type: "text/plain") }
      url = server.baseURL.appendingPathComponent("a")
      let plain = HTTPClient(timeout: 10)
      client = HTTPClient(
        timeout: 10, transport: FaultTransport(plan: FaultPlan(rules: faults), upstream: plain.transport))
    }

    deinit { server.stop() }
  }

  /// What a completion saw: the virtual time, whether it ran on the host thread, the outcome.
  private struct Seen: Equatable {
    var time: Double
    var onHostThread: Bool
    var status: Int?
  }

  private func send(_ fixture: Fixture, on loop: HostLoop) -> [Seen] {
    var seen: [Seen] = []
    let host = pthread_self()
    loop.request(HTTPRequest(url: fixture.url, timeout: 10), via: fixture.client, label: "GET a") { result in
      seen.append(
        Seen(
          time: loop.now, onHostThread: pthread_equal(pthread_self(), host) != 0,
          status: try? result.get().status))
    }
    _ = loop.run()
    return seen
  }

  @Test func theLoopWaitsForTheRequestAndCompletesOnTheHostThread() throws {
    let fixture = try Fixture()
    let loop = HostLoop()
    // Nothing else is scheduled: only the outstanding work keeps the run going until the answer.
    #expect(send(fixture, on: loop) == [Seen(time: 0, onHostThread: true, status: 200)])
  }

  @Test func anInjectedDelayTakesVirtualTimeBeforeTheCompletion() throws {
    let fixture = try Fixture(faults: [FaultRule(url: "*/a", fault: .delay(2.5))])
    let loop = HostLoop()
    var order: [String] = []
    loop.after(1) { order.append("timer at 1") }
    loop.request(HTTPRequest(url: fixture.url, timeout: 10), via: fixture.client, label: "GET a") { _ in
      order.append("answer at \(loop.now)")
    }
    _ = loop.run()
    // The clock moves on while the delayed answer is due: the 1 s timer fires first.
    #expect(order == ["timer at 1", "answer at 2.5"])
  }

  @Test func anInjectedFaultIsTheOutcome() throws {
    let fixture = try Fixture(faults: [FaultRule(url: "*/a", fault: .status(503))])
    #expect(send(fixture, on: HostLoop()) == [Seen(time: 0, onHostThread: true, status: 503)])
  }

  @Test func workNobodyAwaitsCompletesAtOnceButTakesItsDelaysInVirtualTime() throws {
    let fixture = try Fixture(faults: [FaultRule(url: "*/a", fault: .delay(3))])
    let loop = HostLoop()
    let client = fixture.client
    let request = HTTPRequest(url: fixture.url, timeout: 10)
    var seen: [String] = []
    loop.startWork("beacon", latency: .notAwaited) { done in
      // The latency the work's requests report to: bound while `start` runs.
      let latency = VirtualLatency.current
      client.send(request) { result in
        done("\((try? result.get().status) ?? 0) after \(latency?.seconds ?? -1) virtual seconds")
      }
    } completion: { outcome in
      seen.append("\(outcome), completed at \(loop.now)")
    }
    _ = loop.run()
    // The delay was added to the work's latency (not slept), but nothing waited for it.
    #expect(seen == ["200 after 3.0 virtual seconds, completed at 0.0"])
  }
}
