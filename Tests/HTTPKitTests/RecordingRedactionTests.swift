import Foundation
import HTTPKit
import LoopbackHTTP
import OutsideText
import Testing

/// Secrets — credentials in header fields, query parameters, form fields and JSON members — never
/// reach a recording's files, and a redacted field matches any value on replay.
@Suite struct SecretRedactionTests {
  /// Requests carrying the secrets `SECRET1`… (or `OTHER1`… on replay) in every place.
  private func requests(_ server: LoopbackServer, _ secret: String) -> [HTTPRequest] {
    [
      HTTPRequest(
        url: server.url("/vast?api_key=\(secret)1&id=7"),
        headers: ["Authorization": "Bearer \(secret)2", "Cookie": "session=\(secret)3"]),
      post(
        server.url("/login"), "user=bob&password=\(secret)4",
        headers: ["content-type": "application/x-www-form-urlencoded"]),
      post(
        server.url("/session"),
        #"{"auth":{"accessToken":"\#(secret)5"},"items":[{"secret":"\#(secret)6"}],"x":1}"#,
        headers: ["content-type": "application/json", "X-Api-Key": "\(secret)7"]),
      HTTPRequest(url: server.url("/custom"), headers: ["x-house-secret": "\(secret)8"]),
    ]
  }

  @Test func aRedactedSecretNeverReachesTheRecordingAndStillMatches() async throws {
    // Answers name the request only: a server echoing a secret would put it in the answer's body.
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { request in .text("\(request.method) \(request.path)") }
    server.route("/hang") { _ in LoopbackResponse(fault: .closeWithoutAnswer) }
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (client, recorder) = try scratch.recorder(redaction: SecretRedaction(extra: ["X-House-Secret"]))
    for request in requests(server, "SECRET") { _ = try await client.send(request) }
    await #expect(throws: HTTPError.self) { _ = try await client.get(server.url("/hang?token=SECRET9")) }
    // Journaled as each exchange completes, then written into index.json: neither holds a secret.
    #expect(
      FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("index.journal").path))
    #expect(!(try scratch.allText()).contains("SECRET"))
    recorder.finish()
    let text = try scratch.allText()
    #expect(!text.contains("SECRET"))
    #expect(text.contains("api_key=%5BREDACTED%5D&id=7"))
    #expect(text.contains(#""authorization" : "[REDACTED]""#))
    #expect(text.contains("user=bob&password=[REDACTED]"))
    #expect(text.contains(#""accessToken" : "[REDACTED]""#))
    #expect(try scratch.index().contains(#""x-house-secret""#))  // the list is in the recording

    let (offline, replay) = try scratch.replay()
    for (recorded, sent) in zip(requests(server, "SECRET"), requests(server, "OTHER")) {
      let answer = try await offline.send(sent)
      #expect(String(decoding: answer.body, as: UTF8.self) == "\(recorded.method) \(recorded.url.path)")
    }
    await #expect(throws: HTTPError.self) { _ = try await offline.get(server.url("/hang?token=OTHER9")) }
    #expect(replay.unmatched.isEmpty)
  }

  @Test func theDefaultListIsDocumentedAndNamesMatchLoosely() throws {
    let redaction = SecretRedaction()
    for name in [
      "Authorization", "api_key", "apiKey", "API-KEY", "x-api-key", "access_token", "password", "Cookie",
    ] {
      #expect(redaction.isSecret(name), "\(name)")
    }
    for name in ["id", "userSegment", "key", "tokenizer"] { #expect(!redaction.isSecret(name), "\(name)") }
    let docs = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../docs/http.md"), encoding: .utf8)
    for name in SecretRedaction.defaultNames {
      #expect(docs.contains("`\(name)`"), "\(name) in docs/http.md")
    }
  }
}
