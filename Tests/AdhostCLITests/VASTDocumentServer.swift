import Foundation
import LoopbackHTTP

/// Serves the VAST documents of one folder on 127.0.0.1, for runs that must not leave the
/// machine: `/f/PATH` is the folder's file PATH; every absolute URL in a served document is
/// rewritten to `/x/HOST/PATH`, which serves the folder's PATH when it has one (an example's
/// `https://ads.example/vast/pod.xml` is its `vast/pod.xml`) and otherwise answers 204 (beacons,
/// media files, tags the folder does not hold).
final class VASTDocumentServer {
  let server: LoopbackServer
  let folder: URL

  init(folder: URL) throws {
    self.folder = folder
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let folder = folder
    server.fallback { request in
      let path = request.path
      let relative: Substring
      if path.hasPrefix("/f/") {
        relative = path.dropFirst(3)
      } else if path.hasPrefix("/x/"), let slash = path.dropFirst(3).firstIndex(of: "/") {
        relative = path[slash...].dropFirst()
      } else {
        return LoopbackResponse(status: 204)
      }
      let name = relative.removingPercentEncoding ?? String(relative)
      guard !name.contains(".."),
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return path.hasPrefix("/f/") ? .notFound : LoopbackResponse(status: 204) }
      return .text(Self.rewrite(String(decoding: data, as: UTF8.self), base: base), type: "application/xml")
    }
  }

  deinit { server.stop() }

  /// The URL of the folder's file at `relativePath`.
  func url(_ relativePath: String) -> String {
    server.baseURL.absoluteString + "/f/"
      + (relativePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relativePath)
  }

  /// `text` with each `http(s)://HOST` made `BASE/x/HOST`.
  static func rewrite(_ text: String, base: String) -> String {
    text.replacingOccurrences(
      of: #"https?://([A-Za-z0-9.\-]+(:[0-9]+)?)"#, with: base + "/x/$1", options: .regularExpression)
  }
}
