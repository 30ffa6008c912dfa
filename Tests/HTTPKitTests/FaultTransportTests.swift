import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// `FaultTransport` against a real loopback server: each fault, its counting, and delays taken
/// in virtual time (never slept) when a `VirtualLatency` is bound.
@Suite struct FaultTransportTests {
  static let body = "<VAST version=\"4.1\"></VAST>"

  /// A server answering every path with `body`, and a client whose plan faults `/<fault>` paths.
  static func setUp(_ rules: [FaultRule]) throws -> (LoopbackServer, HTTPClient) {
    let server = try LoopbackServer()
    server.fallback { _ in .text(body, type: "application/xml") }
    let transport = FaultTransport(plan: FaultPlan(rules: rules), upstream: URLSessionTransport.shared)
    return (server, HTTPClient(timeout: 5, transport: transport))
  }

  static func send(_ client: HTTPClient, _ url: URL, timeout: Double = 5) async -> Result<
    HTTPResponse, HTTPError
  > {
    await withCheckedContinuation { continuation in
      client.send(HTTPRequest(url: url, timeout: timeout)) { continuation.resume(returning: $0) }
    }
  }

  @Test func faultsThatNeverReachTheServer() async throws {
    let (server, client) = try Self.setUp([
      FaultRule(url: "*/refuse", fault: .refuse), FaultRule(url: "*/status", fault: .status(503)),
    ])
    let refused = await Self.send(client, server.url("/refuse"))
    guard case .failure(.network(_, let message)) = refused else { throw Failure("expected a network error") }
    #expect(message.contains("connection refused"))
    let status = try await Self.send(client, server.url("/status")).get()
    #expect(status.status == 503 && status.body.isEmpty)
    #expect(server.requests.isEmpty)
  }

  @Test func faultsOnTheAnswer() async throws {
    let (server, client) = try Self.setUp([
      FaultRule(url: "*/empty", fault: .emptyBody), FaultRule(url: "*/truncate", fault: .truncate(5)),
      FaultRule(url: "*/corrupt", fault: .corrupt),
      FaultRule(url: "*/type", fault: .contentType("text/html")),
      FaultRule(url: "*/reset", fault: .reset),
    ])
    #expect(try await Self.send(client, server.url("/empty")).get().body.isEmpty)
    #expect(try await Self.send(client, server.url("/truncate")).get().body == Data("<VAST".utf8))
    let corrupt = try await Self.send(client, server.url("/corrupt")).get().body
    #expect(corrupt.count == Self.body.utf8.count && corrupt != Data(Self.body.utf8))
    #expect(String(data: corrupt, encoding: .utf8) == nil)
    #expect(try await Self.send(client, server.url("/type")).get().headers["content-type"] == "text/html")
    let reset = await Self.send(client, server.url("/reset"))
    guard case .failure(.network(_, let message)) = reset else { throw Failure("expected a network error") }
    #expect(message.contains("reset"))
    // These reach the server: the fault is on its answer.
    #expect(server.requests.map(\.path) == ["/empty", "/truncate", "/corrupt", "/type", "/reset"])
    // An unmatched path passes untouched.
    #expect(try await Self.send(client, server.url("/plain")).get().body == Data(Self.body.utf8))
  }

  /// A delay of 50 minutes answers at once: were it slept, this test would not end for 50 minutes.
  @Test func delaysAndTimeoutsAreVirtualTimeWhenALatencyIsBound() async throws {
    let (server, client) = try Self.setUp([
      FaultRule(url: "*/delay", fault: .delay(3000)), FaultRule(url: "*/late", fault: .delay(3600)),
      FaultRule(url: "*/timeout", fault: .timeout), FaultRule(url: "*/slow", fault: .slowBody(9)),
    ])
    for (path, timeout, seconds, timesOut) in [
      ("/delay", 3600.0, 3000.0, false), ("/late", 2, 2, true), ("/timeout", 7, 7, true),
      ("/slow", 5, 3, false),
    ] {
      let latency = VirtualLatency()
      let result = await VirtualLatency.$current.withValue(latency) {
        await Self.send(client, server.url(path), timeout: timeout)
      }
      #expect(latency.seconds == seconds, "\(path)")
      if timesOut {
        guard case .failure(.timeout(_, let after)) = result else {
          throw Failure("\(path): expected a timeout")
        }
        #expect(after == timeout)
      } else {
        #expect(try result.get().body == Data(Self.body.utf8), "\(path)")
      }
    }
  }

  @Test func nthAndFirstCountEachRequestOnItsOwn() async throws {
    let (server, client) = try Self.setUp([
      FaultRule(url: "*/first*", fault: .status(500), first: 2),
      FaultRule(url: "*/nth*", fault: .status(500), nth: 2),
    ])
    var statuses: [String: [Int]] = [:]
    for path in ["/first?a", "/first?b", "/first?a", "/first?a", "/nth", "/nth", "/nth"] {
      statuses[path, default: []].append(try await Self.send(client, server.url(path)).get().status)
    }
    #expect(statuses == ["/first?a": [500, 500, 200], "/first?b": [500], "/nth": [200, 500, 200]])
  }

  @Test func faultsApplyToAnOfflineReplayToo() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.body.utf8).write(to: folder.appendingPathComponent("bodies/000001.bin"))
    let index = #"""
      {"version": 1, "exchanges": [{"key": "GET https://ads.example/vast", "method": "GET",
        "url": "https://ads.example/vast", "status": 200, "body": "bodies/000001.bin"}]}
      """#
    try Data(index.utf8).write(to: folder.appendingPathComponent("index.json"))
    let transport = FaultTransport(
      plan: FaultPlan(rules: [FaultRule(kind: .vast, fault: .truncate(5), nth: 1)]),
      upstream: try OfflineTransport(folder: folder))
    let client = HTTPClient(transport: transport)
    let url = try #require(URL(string: "https://ads.example/vast"))
    #expect(try await client.get(url, kind: .vast).body == Data("<VAST".utf8))
    #expect(try await client.get(url, kind: .vast).body == Data(Self.body.utf8))
    // A request of another kind does not match the rule.
    #expect(try await client.get(url, kind: .wrapper).body == Data(Self.body.utf8))
  }

  @Test func planErrorsNameTheFileAndTheJSONPath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [(String, String)] = [
      (#"{"rules": [{"kind": "vst", "fault": "refuse"}]}"#, "rules[0].kind: expected one of vast, wrapper"),
      (#"{"rules": [{"fault": "refuse"}, {"fault": "delay"}]}"#, "rules[1].seconds: missing"),
      (#"{"rules": [{"fault": "status", "status": 99}]}"#, "rules[0].status: expected an HTTP status"),
      (#"{"rules": [{"fault": "refuse", "seconds": 1}]}"#, "rules[0].seconds: does not go with the fault"),
      (#"{"rules": [{"fault": "explode"}]}"#, "rules[0].fault: expected one of delay, timeout"),
      (#"{"rules": [{"fault": "timeout", "first": 0}]}"#, "rules[0].first: expected a whole number from 1"),
      (#"{"rules": [{"fault": "timeout", "urls": "x"}]}"#, "rules[0].urls: unknown member"),
      (#"{"rule": []}"#, "rule: unknown member"),
      (#"{"rules": [}"#, "not valid JSON"),
    ]
    for (index, (text, expected)) in cases.enumerated() {
      let file = folder.appendingPathComponent("plan\(index).json").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      #expect(throws: FaultPlanError.self) { try FaultPlan(file: file) }
      do {
        _ = try FaultPlan(file: file)
      } catch {
        #expect(error.description.hasPrefix(file), "\(error)")
        #expect(error.description.contains(expected), "\(error)")
      }
    }
    let file = folder.appendingPathComponent("good.json").path
    try Data(#"{"rules": [{"kind": "beacon", "url": "*/t/*", "fault": "refuse", "first": 1}]}"#.utf8).write(
      to: URL(fileURLWithPath: file))
    #expect(
      try FaultPlan(file: file).rules == [FaultRule(url: "*/t/*", kind: .beacon, fault: .refuse, first: 1)])
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
