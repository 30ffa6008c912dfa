import Foundation
import HTTPKit
import VASTRules

/// `adhost check --resolve`: a document and every document its wrappers lead to, checked in
/// turn (breadth-first), each finding naming the chain above its document.
struct CheckChain {
  let checker: DocumentChecker
  let client: HTTPClient
  /// Wrappers followed at most below the document named on the command line.
  let maxDepth: Int

  private struct Link {
    let name: String
    let url: URL
    let bytes: [UInt8]
    /// The names of the documents above, and their URLs.
    let chain: [String]
    let chainURLs: [String]
  }

  /// The findings of `name` and of the documents below it.
  func check(_ name: String, bytes: [UInt8]) async -> [Finding] {
    var findings = checker.check(bytes, source: name)
    var queue = [Link(name: name, url: Self.url(of: name), bytes: bytes, chain: [], chainURLs: [])]
    while !queue.isEmpty {
      let link = queue.removeFirst()
      let above = link.chainURLs + [link.url.absoluteString]
      for target in checker.wrapperTargets(link.bytes) {
        func report(_ rule: Rule, _ message: String) {
          if let finding = checker.chainFinding(
            rule, message, at: target.position, in: link.name, chain: link.chain)
          {
            findings.append(finding)
          }
        }
        guard let url = URL(string: target.uri, relativeTo: link.url)?.absoluteURL else {
          report(ChainRules.unreachable, "'\(target.uri)' is not a URL")
          continue
        }
        guard link.chain.count < maxDepth else {
          report(ChainRules.depth, "more than \(maxDepth) wrappers: \(url.absoluteString) not followed")
          continue
        }
        guard !above.contains(url.absoluteString) else {
          report(ChainRules.depth, "a loop: \(url.absoluteString) is a document above")
          continue
        }
        let child: [UInt8]
        do {
          child = try await load(url, from: link.url)
        } catch {
          report(ChainRules.unreachable, "\(url.absoluteString): \(error)")
          continue
        }
        let name = url.isFileURL ? url.path : url.absoluteString
        let chain = link.chain + [link.name]
        findings += checker.check(child, source: name).map { finding in
          var placed = finding
          placed.chain = chain
          return placed
        }
        queue.append(Link(name: name, url: url, bytes: child, chain: chain, chainURLs: above))
      }
    }
    return findings
  }

  /// A document's URL: its own, or a file URL for a path.
  static func url(of name: String) -> URL {
    name.contains("://") ? URL(string: name) ?? URL(fileURLWithPath: name) : URL(fileURLWithPath: name)
  }

  private func load(_ url: URL, from parent: URL) async throws -> [UInt8] {
    if url.isFileURL {
      // A document served from afar never leads to the files of this machine.
      guard parent.isFileURL else { throw UsageError("a remote wrapper points at a local file") }
      return Array(try LocalFile.read(url.path, maxBytes: CheckInputs.maxBytes))
    }
    guard url.scheme == "https" || url.scheme == "http" else { throw UsageError("not an http(s) URL") }
    return Array(try await client.fetch(url))
  }
}
