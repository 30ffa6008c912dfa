import Foundation
import HTTPKit

/// Loads a VMAP schedule over HTTP (or from a file, if the client's policy allows) and parses it.
///
/// Failures carry VMAP's codes: a timeout is **1007**, any other retrieval failure (the network,
/// an HTTP status other than 2xx, a policy refusal) **1008**, a body over the cap or a document
/// that does not parse its parse error (1000, 1001, 1002); each message names the URL.
public struct VMAPLoader: Sendable {
  /// Where the document comes from.
  public let client: HTTPClient
  /// Seconds the request may take.
  public let timeout: Double
  /// Bytes the document may have.
  public let maxBytes: Int

  /// A loader; defaults: 5 s, 1 MiB.
  public init(client: HTTPClient, timeout: Double = 5, maxBytes: Int = 1 << 20) {
    self.client = client
    self.timeout = timeout
    self.maxBytes = maxBytes
  }

  /// Fetches the bytes at `url` (a `vast` request, so fault plans and recordings match it like
  /// a VAST tag).
  public func fetch(_ url: URL) async throws(VMAPError) -> Data {
    let response: HTTPResponse
    do {
      response = try await client.get(url, timeout: timeout, kind: .vast)
    } catch {
      if case .bodyTooLarge = error { throw VMAPError(.parsing, error.description) }
      throw VMAPError(error.isTimeout ? .adResponseTimeout : .adResponseRetrieval, error.description)
    }
    guard response.isSuccess else {
      throw VMAPError(.adResponseRetrieval, "\(url.absoluteString): HTTP status \(response.status)")
    }
    guard response.body.count <= maxBytes else {
      throw VMAPError(
        .parsing, "\(url.absoluteString): \(response.body.count) bytes, over the \(maxBytes)-byte cap")
    }
    return response.body
  }

  /// Parses fetched bytes, naming `url` in the error.
  public func parse(_ data: Data, url: URL) throws(VMAPError) -> VMAPDocument {
    do {
      return try VMAPParser.parse(data, maxBytes: maxBytes)
    } catch {
      throw VMAPError(error.code, "\(url.absoluteString): \(error.message)")
    }
  }

  /// Fetches and parses the schedule at `url`.
  public func load(_ url: URL) async throws(VMAPError) -> VMAPDocument {
    try parse(try await fetch(url), url: url)
  }

  /// Fetches and parses the schedule at `url`; `completion` runs once, on any thread.
  public func load(_ url: URL, completion: @escaping @Sendable (Result<VMAPDocument, VMAPError>) -> Void) {
    Task {
      do throws(VMAPError) {
        completion(.success(try await load(url)))
      } catch {
        completion(.failure(error))
      }
    }
  }
}
