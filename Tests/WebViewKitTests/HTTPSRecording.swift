import Foundation

/// A recording folder (`index.json` and `bodies/`) written by a test: GET exchanges of https
/// URLs, answered `200` with a type and a body, for an `OfflineTransport` to replay.
struct HTTPSRecording {
  let folder: URL

  /// Writes `exchanges` (URL, content type, body) into a new folder under `scratch`.
  init(in scratch: ScratchFolder, name: String, _ exchanges: [(url: String, type: String, body: String)])
    throws
  {
    folder = scratch.url.appendingPathComponent(name)
    let bodies = folder.appendingPathComponent("bodies")
    try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
    var index: [[String: Any]] = []
    for (number, exchange) in exchanges.enumerated() {
      try exchange.body.write(
        to: bodies.appendingPathComponent("\(number).body"), atomically: true, encoding: .utf8)
      index.append([
        "key": "GET \(exchange.url)", "method": "GET", "url": exchange.url, "status": 200,
        "headers": ["content-type": exchange.type], "body": "bodies/\(number).body",
      ])
    }
    let json = try JSONSerialization.data(withJSONObject: ["version": 1, "exchanges": index])
    try json.write(to: folder.appendingPathComponent("index.json"))
  }

  /// The URLs a recording folder holds exchanges for.
  static func urls(in folder: URL) throws -> [String] {
    let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
    let index = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let exchanges = index?["exchanges"] as? [[String: Any]] ?? []
    return exchanges.compactMap { $0["url"] as? String }
  }
}
