import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// A replay matches what a request sends, not only its method and URL: JSON bodies as JSON, form
/// bodies field by field, other bodies byte for byte, header fields by value; a request that
/// differs only there is unmatched, and the message names the first difference.
@Suite struct RequestBodyMatchingTests {
  static let session = #"{"adsParams":{"deviceType":"ctv","userSegment":"sports"},"reportingMode":"client"}"#

  /// Records `requests` against an echo server, then returns a replaying client and transport.
  private func recorded(_ requests: (LoopbackServer) -> [HTTPRequest], scratch: RecordingScratch) async throws
    -> (LoopbackServer, HTTPClient, OfflineTransport)
  {
    let server = try echoServer()
    let (client, recorder) = try scratch.recorder()
    for request in requests(server) { _ = try await client.send(request) }
    recorder.finish()
    server.stop()
    let (offline, transport) = try scratch.replay()
    return (server, offline, transport)
  }

  /// The difference a replay names for `request`, or nil when it is answered.
  private func difference(_ client: HTTPClient, _ request: HTTPRequest) async -> String? {
    do {
      _ = try await client.send(request)
      return nil
    } catch {
      guard case .recordedDifferently(let url, let difference, _) = error, url == request.url else {
        return "unexpected error: \(error)"
      }
      #expect(error.description.contains("no recorded response matches this request (offline mode): "))
      return difference
    }
  }

  @Test func aBodyOnlyChangeIsUnmatchedNamingTheField() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (server, offline, replay) = try await recorded(
      { [post($0.url("/v1/session"), Self.session)] }, scratch: scratch)
    let changed = Self.session.replacingOccurrences(of: "sports", with: "CHANGED")
    #expect(
      await difference(offline, post(server.url("/v1/session"), changed))
        == #"body adsParams.userSegment: recorded "sports", sent "CHANGED""#)
    #expect(replay.unmatched.map(\.key) == ["POST \(server.url("/v1/session").absoluteString)"])
    #expect(
      replay.unmatched.first?.difference == #"body adsParams.userSegment: recorded "sports", sent "CHANGED""#)
    // The body as recorded is answered, with the recorded answer.
    let answer = try await offline.send(post(server.url("/v1/session"), Self.session))
    #expect(String(decoding: answer.body, as: UTF8.self) == "POST /v1/session \(Self.session)")
    // A member added or left out is a difference too.
    let added = Self.session.replacingOccurrences(of: "\"client\"", with: "\"client\",\"extra\":[1]")
    #expect(
      await difference(offline, post(server.url("/v1/session"), added))
        == "body extra: recorded nothing, sent [1]")
    #expect(
      await difference(offline, post(server.url("/v1/session"), #"{"reportingMode":"client"}"#))
        == #"body adsParams: recorded {"deviceType":"ctv","userSegment":"sports"}, sent nothing"#)
  }

  @Test func jsonMemberOrderAndNumberSpellingDoNotMatter() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let body = #"{"a":1,"b":[1.5,2,{"x":true,"y":null}],"c":{"d":"e"}}"#
    let (server, offline, _) = try await recorded({ [post($0.url("/s"), body)] }, scratch: scratch)
    let reordered = #"{ "c": {"d": "e"}, "b": [15e-1, 2.0, {"y": null, "x": true}], "a": 1.0 }"#
    let answer = try await offline.send(post(server.url("/s"), reordered))
    #expect(String(decoding: answer.body, as: UTF8.self) == "POST /s \(body)")
    #expect(
      await difference(
        offline, post(server.url("/s"), #"{"a":1,"b":[1.5,2,{"x":false,"y":null}],"c":{"d":"e"}}"#))
        == "body b[2].x: recorded true, sent false")
    #expect(
      await difference(offline, post(server.url("/s"), #"{"a":1,"b":[1.5,2],"c":{"d":"e"}}"#))
        == #"body b[2]: recorded {"x":true,"y":null}, sent nothing"#)
    #expect(
      await difference(offline, post(server.url("/s"), "not json"))
        == "body: recorded JSON, sent 8 bytes that are not JSON")
  }

  @Test func formBodiesCompareFieldByField() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let form = ["content-type": "application/x-www-form-urlencoded"]
    let (server, offline, _) = try await recorded(
      { [post($0.url("/f"), "a=1&b=two+words&c=%C3%A9", headers: form)] }, scratch: scratch)
    let answer = try await offline.send(post(server.url("/f"), "c=%C3%A9&b=two%20words&a=1", headers: form))
    #expect(answer.status == 200)
    #expect(
      await difference(offline, post(server.url("/f"), "a=1&b=other&c=%C3%A9", headers: form))
        == #"form field b: recorded "two words", sent "other""#)
    #expect(
      await difference(offline, post(server.url("/f"), "a=1&b=two+words", headers: form))
        == #"form field c: recorded "é", sent nothing"#)
  }

  @Test func otherBodiesCompareByteForByte() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let binary = ["content-type": "application/octet-stream"]
    let bytes = Data([0, 1, 2, 0xFF, 0xFE])
    let (server, offline, _) = try await recorded(
      {
        [
          HTTPRequest(url: $0.url("/bin"), method: "POST", headers: binary, body: bytes),
          post($0.url("/text"), "hello", headers: ["content-type": "text/plain"]),
        ]
      }, scratch: scratch)
    // A body that is not UTF-8 text is kept in a file of the recording.
    #expect(try scratch.index().contains(#""bodies/000001.request.bin""#))
    #expect(
      try await offline.send(
        HTTPRequest(url: server.url("/bin"), method: "POST", headers: binary, body: bytes)
      ).status == 200)
    var changed = bytes
    changed[2] = 9
    #expect(
      await difference(
        offline, HTTPRequest(url: server.url("/bin"), method: "POST", headers: binary, body: changed))
        == "body: recorded 5 bytes, sent 5 bytes, first different at byte 2")
    #expect(
      await difference(offline, post(server.url("/text"), "hallo", headers: ["content-type": "text/plain"]))
        == "body: recorded 5 bytes, sent 5 bytes, first different at byte 1")
  }

  @Test func headerFieldsAreCompared() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (server, offline, _) = try await recorded(
      { [HTTPRequest(url: $0.url("/h"), headers: ["X-Client-Version": "1", "User-Agent": "A/1"])] },
      scratch: scratch)
    // A client's own fields (User-Agent, Accept…) are not compared.
    #expect(
      try await offline.send(
        HTTPRequest(url: server.url("/h"), headers: ["x-client-version": "1", "user-agent": "B/2"])
      ).status == 200)
    // GStreamer's souphttpsrc asks every server for Shoutcast metadata: a recording made by
    // another client (the headless player) still answers the real engine.
    #expect(
      try await offline.send(
        HTTPRequest(url: server.url("/h"), headers: ["x-client-version": "1", "Icy-MetaData": "1"])
      ).status == 200)
    #expect(
      await difference(offline, HTTPRequest(url: server.url("/h"), headers: ["x-client-version": "2"]))
        == #"header x-client-version: recorded "1", sent "2""#)
    #expect(
      await difference(offline, HTTPRequest(url: server.url("/h")))
        == #"header x-client-version: recorded "1", sent nothing"#)
  }

  @Test func ignoredParametersExtendToBodyFieldsAndHeaders() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let server = try echoServer()
    defer { server.stop() }
    let (client, recorder) = try scratch.recorder()
    _ = try await client.send(
      post(server.url("/s"), Self.session, headers: ["content-type": "application/json", "x-session": "a"]))
    _ = try await client.send(
      post(server.url("/f"), "user=1&seg=a", headers: ["content-type": "application/x-www-form-urlencoded"]))
    recorder.finish()
    let changed = post(
      server.url("/s"), Self.session.replacingOccurrences(of: "sports", with: "news"),
      headers: ["content-type": "application/json", "x-session": "b"])
    let form = post(
      server.url("/f"), "user=1&seg=b", headers: ["content-type": "application/x-www-form-urlencoded"])
    // By JSON path, by member name, and a header by name.
    for ignored: Set<String> in [
      ["adsParams.userSegment", "X-Session", "seg"], ["usersegment", "x-session", "SEG"],
    ] {
      let (offline, replay) = try scratch.replay(alsoIgnoring: ignored)
      #expect(try await offline.send(changed).status == 200, "\(ignored)")
      #expect(try await offline.send(form).status == 200, "\(ignored)")
      #expect(replay.unmatched.isEmpty)
    }
    let (offline, _) = try scratch.replay(alsoIgnoring: ["adsParams.userSegment", "seg"])
    #expect(await difference(offline, changed) == #"header x-session: recorded "a", sent "b""#)
    #expect(try await offline.send(form).status == 200)
  }

  @Test func cacheBusterFieldsInBodiesAreIgnored() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (server, offline, _) = try await recorded(
      { [post($0.url("/p"), #"{"id":7,"correlator":123,"ts":1700000000}"#)] }, scratch: scratch)
    #expect(
      try await offline.send(post(server.url("/p"), #"{"id":7,"correlator":999,"ts":1800000000}"#)).status
        == 200)
    #expect(
      await difference(offline, post(server.url("/p"), #"{"id":8,"correlator":123}"#))
        == "body id: recorded 7, sent 8")
  }

  @Test func aURLRecordedWithSeveralBodiesAnswersEachByItsBody() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let events = ["start", "firstQuartile", "complete"]
    let (server, offline, replay) = try await recorded(
      { server in events.map { post(server.url("/event"), #"{"event":"\#($0)"}"#) } }, scratch: scratch)
    for event in events.reversed() + events {
      let answer = try await offline.send(post(server.url("/event"), #"{"event":"\#(event)"}"#))
      #expect(String(decoding: answer.body, as: UTF8.self) == #"POST /event {"event":"\#(event)"}"#)
    }
    #expect(
      await difference(offline, post(server.url("/event"), #"{"event":"midpoint"}"#))
        == #"body event: recorded "complete", sent "midpoint""#)
    #expect(replay.unmatched.count == 1)
  }
}
