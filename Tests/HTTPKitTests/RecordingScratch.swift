import Foundation
import HTTPKit
import LoopbackHTTP
import OutsideText

/// A recording folder of a test's own, and the requests the tests send.
struct RecordingScratch {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "adhost-httpkit-\(UUID().uuidString)")

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// Every file of the recording, as text (bodies as UTF-8, lossily): what a secret must not reach.
  func allText() throws -> String {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var text = ""
    while let file = files?.nextObject() as? URL {
      guard let data = try? Data(contentsOf: file) else { continue }
      text += String(decoding: data, as: UTF8.self) + "\n"
    }
    return text
  }

  /// The recording's index, as written.
  func index() throws -> String {
    try String(contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
  }

  /// A recorder into the folder.
  func recorder(
    redaction: SecretRedaction = SecretRedaction(), ignoring: Set<String> = []
  ) throws -> (HTTPClient, RecordingTransport) {
    let transport = try RecordingTransport(
      folder: folder, volatileParameters: RequestKey.defaultVolatileParameters.union(ignoring),
      redaction: redaction)
    return (HTTPClient(timeout: 5, transport: transport), transport)
  }

  /// A client replaying the folder.
  func replay(alsoIgnoring: Set<String> = [], mappingHosts: [HostMapping] = []) throws
    -> (HTTPClient, OfflineTransport)
  {
    let transport = try OfflineTransport(
      folder: folder, alsoIgnoring: alsoIgnoring, mappingHosts: mappingHosts)
    return (HTTPClient(timeout: 5, transport: transport), transport)
  }
}

/// A POST with a body and header fields.
func post(_ url: URL, _ body: String, headers: [String: String] = ["content-type": "application/json"])
  -> HTTPRequest
{
  HTTPRequest(url: url, method: "POST", headers: headers, body: Data(body.utf8), timeout: 5)
}

/// A loopback server that answers every request with its method, path and body.
func echoServer() throws -> LoopbackServer {
  let server = try LoopbackServer()
  server.fallback { request in
    .text("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))")
  }
  return server
}
