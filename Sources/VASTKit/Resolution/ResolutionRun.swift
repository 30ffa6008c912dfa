import Foundation
import HTTPKit
import Synchronization

/// One resolution: its deadline and the error beacons it sent.
final class ResolutionRun: Sendable {
  let resolver: VASTResolver
  let deadline: Date
  private let sent = BeaconLog()

  init(resolver: VASTResolver) {
    self.resolver = resolver
    deadline = Date().addingTimeInterval(resolver.options.totalBudget)
  }

  var options: VASTResolverOptions { resolver.options }

  /// Fetches a document; failures become `code` (301 for wrappers) with the URL and reason.
  /// The budget counts wall time and the virtual time injected delays took.
  func fetch(_ url: URL, code: VASTErrorCode, kind: RequestKind) async throws(VASTError) -> Data {
    let remaining = deadline.timeIntervalSinceNow - (VirtualLatency.current?.elapsed ?? 0)
    guard remaining > 0 else {
      throw VASTError(.wrapperTimeout, "\(url.absoluteString): the \(options.totalBudget) s budget is spent")
    }
    let timeout = min(options.requestTimeout, remaining)
    let response: HTTPResponse
    do {
      response = try await resolver.client.get(url, timeout: timeout, kind: kind)
    } catch {
      if case .bodyTooLarge = error { throw VASTError(.xmlParsing, error.description) }
      if error.isTimeout && timeout < options.requestTimeout {
        throw VASTError(code, "\(url.absoluteString): the \(options.totalBudget) s budget ran out")
      }
      throw VASTError(code, error.description)
    }
    guard response.isSuccess else {
      throw VASTError(code, "\(url.absoluteString): HTTP status \(response.status)")
    }
    guard response.body.count <= options.maxDocumentBytes else {
      throw VASTError(.xmlParsing, "\(url.absoluteString): \(response.body.count) bytes, over the cap")
    }
    return response.body
  }

  /// Parses a fetched document, naming its URL in errors.
  func parse(_ data: Data, url: URL?) throws(VASTError) -> VASTDocument {
    guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
      throw VASTError(.noAdsAfterWrapper, "\(url?.absoluteString ?? "document"): empty response")
    }
    do {
      return try VASTParser.parse(data, maxBytes: options.maxDocumentBytes)
    } catch {
      throw VASTError(error.code, "\(url?.absoluteString ?? "document"): \(error.message)")
    }
  }

  /// Fires error URLs with a code and keeps the records.
  func fireErrors(_ urls: [String], code: VASTErrorCode) async {
    guard options.firesErrorURLs, let beacons = resolver.beacons, !urls.isEmpty else { return }
    var context = resolver.macroContext()
    context.errorCode = code.rawValue
    // Nothing waits for a beacon: the virtual time its retries take does not delay the resolution.
    let (records, _) = await VirtualLatency.measuring {
      await beacons.send(event: "error", urls: urls, context: context)
    }
    sent.append(records)
  }

  var errorBeacons: [VASTBeacon] { sent.all }
}

/// The error beacons of one run, appended from concurrent tasks.
final class BeaconLog: Sendable {
  private let beacons = Mutex<[VASTBeacon]>([])

  func append(_ more: [VASTBeacon]) { beacons.withLock { $0 += more } }
  var all: [VASTBeacon] { beacons.withLock { $0 } }
}
